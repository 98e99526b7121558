/** docs/areas/resources.md#data Resource and Category, and the payment calls' answers, as the API sends them. */

export const RESOURCE_TYPES = ['Link', 'Article', 'Course'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_VISIBILITIES = ['Free', 'For Sale', 'For Sale Premium', 'Included with Premium'] as const;
export type ResourceVisibility = (typeof RESOURCE_VISIBILITIES)[number];

/** The Resources page's type radios (docs/areas/resources.md#screens query parameter `type`). */
export const RESOURCE_LIST_TYPES = ['all', 'marketplace', 'my-purchases'] as const;
export type ResourceListType = (typeof RESOURCE_LIST_TYPES)[number];

export interface ResourceCategory {
  id: number;
  name: string;
  /** Premium slides: its Included with Premium resources open for course-only members too. */
  premiumSlides: boolean;
}

export interface Resource {
  id: number;
  title: string;
  description: string | null;
  coverPhotoUrl: string | null;
  type: ResourceType;
  visibility: ResourceVisibility;
  /** Article text (markdown). Null when the member has no access to the resource. */
  content: string | null;
  /** The Link's address. Null when the member has no access. */
  url: string | null;
  /** Price in dollars (2 decimals) of a For Sale resource bought in the portal. */
  price: number | null;
  /** An external page that sells the resource (access then comes with a Required Tag). */
  purchaseUrl: string | null;
  publishedAt: string | null;
  hidden: boolean;
  createdAt: string;
  ResourceCategories: ResourceCategory[];
  /** Required Tags: holders get access. Sent to admins only (members get []). */
  Tags: Array<{ id: number; name: string }>;
  /** The course a Course resource opens (admins always; members only with access). */
  CourseId: number | null;
  /** The first lesson of that course, for the link /course/{CourseId}/{lessonId}; null without access. */
  lessonId: number | null;
  /** Whether the signed-in member may open it (docs/areas/resources.md#who-may-do-what For Sale access; Included with Premium). */
  hasAccess: boolean;
  /** Owned: bought in the portal or given by an admin (My Purchases). */
  owned: boolean;
}

export interface ResourceListResponse {
  resources: Resource[];
}

/** A course a Course resource may open (the admin form's choices). */
export interface ResourceCourseOption {
  id: number;
  title: string;
  status: 'DRAFT' | 'PUBLISHED';
}

/** What the renderer needs to show the card form (GET /api/stripe/config). */
export interface StripeClientConfig {
  /** Card payments are configured (secret and publishable keys set). */
  enabled: boolean;
  publishableKey: string | null;
  /** Where Stripe.js is loaded from (allowed by the CSP only when payments are configured). */
  jsUrl: string | null;
  /** The portal's web address: the desktop app sends card payments to the browser. */
  webUrl: string;
}

export type PaymentIntentStatus = 'succeeded' | 'requires_action' | 'processing';

/** POST /api/stripe/create-payment-intent and /confirm-payment. */
export interface PaymentIntentResult {
  status: PaymentIntentStatus;
  paymentIntentId: string;
  /** Only while the card needs the member's confirmation (3-D Secure). */
  clientSecret: string | null;
  /** The resource as the member now sees it (owned, with access) once the payment succeeded. */
  resource: Resource | null;
}

export interface StripeSyncResult {
  /** Users with a Stripe customer id that were looked up. */
  checked: number;
  /** Users whose stripeStatus changed. */
  updated: number;
}

export interface StripeStatusResult {
  stripeStatus: string | null;
  blocked: boolean;
}
