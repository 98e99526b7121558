/** Business constants and limits (docs/limits.md), in one place. */
export const ROLES = ['admin', 'coach', 'premium', 'course only', 'basic'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything: users, tags, content, bulk work and subscriptions.',
  coach: 'Reviews members’ boards, edits user tags, sees the User Dashboard.',
  premium: 'Own Move the Needle board, Product Qualifier and premium content.',
  'course only': 'Courses, course resources and premium slides.',
  basic: 'Free resources, Product Qualifier and the basic banner.',
};

/** Stripe subscription statuses that send a user to /blocked unless alwaysGrantAccess. */
export const BLOCKED_STRIPE_STATUSES = ['unpaid', 'incomplete', 'incomplete_expired', 'past_due'] as const;
export type BlockedStripeStatus = (typeof BLOCKED_STRIPE_STATUSES)[number];

/**
 * The User Dashboard's Sub. Problems filter (`stripeStatus` of GET /api/user/read-many): one of the
 * blocking statuses exactly, or `blocked`: every member `isSubscriptionBlocked` sends to /blocked
 * (any blocking status, without Always grant access, not an administrator). docs/limits.md's default is unpaid.
 */
export const STRIPE_STATUS_BLOCKED_FILTER = 'blocked';
export const SUB_PROBLEMS_DEFAULT_STATUS: BlockedStripeStatus = 'unpaid';
export const SUB_PROBLEMS_FILTERS = [...BLOCKED_STRIPE_STATUSES, STRIPE_STATUS_BLOCKED_FILTER] as const;
export type SubProblemsFilter = (typeof SUB_PROBLEMS_FILTERS)[number];

export const SEARCH_DEBOUNCE_MS = 500;
export const USERS_PER_PAGE_OPTIONS = [5, 10, 25] as const;
export const DEFAULT_USERS_PER_PAGE = 10;
export const COMMUNITY_PAGE_SIZE = 15;
export const MAX_LABELS = 10;
export const MAX_COACHES_LISTED = 50;
export const COURSES_PER_REQUEST = 1000;
export const RESOURCES_PER_REQUEST = 1000;
export const DASHBOARD_RESOURCES = 15;
export const ALL_TAB_ITEMS = 3;
export const TAGS_PER_PAGE_MAX = 1000;
export const AI_TOOL_CARD_MAX_TAGS = 2;

/** Move the Needle cutoff (docs/screens.md, docs/limits.md). See policies/cutoff.ts for the reading we implement. */
export const MTN_CUTOFF_DATE = '2025-02-13';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Upload limits. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Tag names that switch features on (docs/screens.md). */
export const AI_TOOLKIT_TAG = 'aitoolkit';
export const RAINA_TAG = 'raina';

/** External sites named by the spec; the deployment may override them in config. */
export const EXTERNAL_LINKS = {
  calendar: 'https://calendly.com/',
  applyToUpgrade: 'https://apply.example.com/',
  community: 'https://community.example.com/',
  searchSite: 'https://search.example.com/',
  upgrades: 'https://upgrades.example.com/',
  support: 'mailto:support@example.com',
  /** Dashboard 'Current Average Shipping Rate' card. */
  shippingRates: 'https://shipping.example.com/',
  /** Resources page: the external form to recommend a resource. */
  recommendResource: 'https://forms.example.com/recommend-a-resource',
} as const;

/** Courses: the longest lesson (markdown characters) the editor and the API accept. */
export const LESSON_CONTENT_MAX_CHARS = 200_000;

/**
 * Lesson embeds (a fenced ```form or ```video block holding one https URL) render as a sandboxed
 * <iframe> only when the URL's origin is listed here; anything else shows as plain text. The API's
 * CSP frame-src (api/src/core/http.ts) is built from these lists, so they stay in step.
 */
export const FORM_EMBED_ORIGINS = [
  'https://docs.google.com',
  'https://form.jotform.com',
  'https://tally.so',
  'https://form.typeform.com',
] as const;
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;
