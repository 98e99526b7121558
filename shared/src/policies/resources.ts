import type { ResourceVisibility } from '../types/resources';
import { isAdminRole, type Principal } from './principal';

/** Resource and payment actions, asked through can(). */
export type ResourceAction =
  'resource:read' | 'resource:manage' | 'payment:purchase' | 'payment:portal' | 'payment:sync';

export const RESOURCE_ACTIONS: readonly ResourceAction[] = [
  'resource:read',
  'resource:manage',
  'payment:purchase',
  'payment:portal',
  'payment:sync',
];

export function isResourceAction(action: string): action is ResourceAction {
  return (RESOURCE_ACTIONS as readonly string[]).includes(action);
}

/** What payment:portal is about: the Stripe customer whose billing portal would open. */
export interface CustomerSubject {
  stripeCustomerId: string;
}

/**
 * - resource:read: every member reads the library (what they see is decided per resource below);
 * - resource:manage: resources and categories, hidden resources, required tags: role admin;
 * - payment:purchase: a member buys a For Sale resource with a card (admins have access already;
 *   members whose subscription is blocked are stopped by the auth layer, as everywhere);
 * - payment:portal: a member opens the Stripe customer portal of their OWN customer id (the subject;
 *   without one: whether they may use the billing pages at all, which every member may);
 * - payment:sync: Sync with Stripe on the User Dashboard, role admin.
 */
export function canUseResources(user: Principal | null, action: ResourceAction, subject?: CustomerSubject): boolean {
  if (!user) return false;
  switch (action) {
    case 'resource:read':
      return true;
    case 'payment:portal':
      if (subject === undefined) return true;
      return !!user.stripeCustomerId && user.stripeCustomerId === subject.stripeCustomerId;
    case 'payment:purchase':
      return !isAdminRole(user);
    case 'resource:manage':
    case 'payment:sync':
      return isAdminRole(user);
    default:
      return false;
  }
}

/**
 * Who the user is for the library. The API turns this into SQL (features/resources/queries.ts);
 * the functions below are the same rules on objects, for the presenter, the UI and tests.
 * `premiumTier`: premium and coach members get 'Included with Premium' resources and see the
 * 'For Sale Premium' ones. An administrator who switched roles sees what that role sees.
 */
export interface ResourceAudience {
  admin: boolean;
  userId: number;
  premiumTier: boolean;
  /**
   * docs/areas/resources.md#who-may-do-what: course-only members get "courses, course resources and premium slides": the
   * Included with Premium resources that are course resources or premium slides (see hasResourceAccess).
   */
  courseOnly: boolean;
  tagIds: number[];
}

export function resourceAudience(user: Principal): ResourceAudience {
  return {
    admin: isAdminRole(user),
    userId: user.id,
    premiumTier: user.role === 'premium' || user.role === 'coach',
    courseOnly: user.role === 'course only',
    tagIds: [...new Set(user.Tags.map((t) => t.id))].sort((a, b) => a - b),
  };
}

/** The facts about one resource and one member that access is decided from. */
export interface ResourceFacts {
  visibility: ResourceVisibility;
  hidden: boolean;
  /** The member owns it (bought, or given by an admin). */
  owned: boolean;
  /** The member holds one of its Required Tags. */
  tagMatch: boolean;
  /**
   * A course resource: type Course, and its course has a lesson the member can open (by the
   * courses area's rules; in SQL, the resource's `lesson_id` for this member is not null).
   */
  courseResource?: boolean;
  /** A premium slide: the resource is in a category whose `premiumSlides` flag an admin set. */
  premiumSlides?: boolean;
}

export const FOR_SALE_VISIBILITIES: readonly ResourceVisibility[] = ['For Sale', 'For Sale Premium'];

export const isForSale = (visibility: ResourceVisibility) => FOR_SALE_VISIBILITIES.includes(visibility);

/**
 * Whether the resource appears for the member: hidden ones for admins only; 'For Sale Premium'
 * ones for admins, premium and coach members, and whoever owns it or holds one of its tags.
 */
export function isResourceListed(audience: ResourceAudience, r: ResourceFacts): boolean {
  if (audience.admin) return true;
  if (r.hidden) return false;
  if (r.visibility === 'For Sale Premium') return audience.premiumTier || r.owned || r.tagMatch;
  return true;
}

/**
 * docs/areas/resources.md#who-may-do-what: Free for everyone; For Sale (and For Sale Premium) for an admin, the owner, or a holder
 * of a Required Tag; Included with Premium for premium and coach members (and owners, tag holders),
 * and for course-only members when it is a course resource or a premium slide. What is for sale
 * stays for sale: a course-only member buys a For Sale course resource like everyone else.
 */
export function hasResourceAccess(audience: ResourceAudience, r: Omit<ResourceFacts, 'hidden'>): boolean {
  if (audience.admin || r.visibility === 'Free' || r.owned || r.tagMatch) return true;
  if (r.visibility === 'Included with Premium') {
    return audience.premiumTier || (audience.courseOnly && (r.courseResource === true || r.premiumSlides === true));
  }
  return false;
}

/** Whether the resource is a course resource for this member: a Course whose course they can open. */
export function isCourseResource(r: { type: 'Link' | 'Article' | 'Course'; lessonId: number | null }): boolean {
  return r.type === 'Course' && r.lessonId !== null;
}

/**
 * What opening a resource does (docs/areas/resources.md#who-may-do-what). With access: Link opens its URL, Course the first lesson
 * of its course, Article the reader. Without: the purchase URL if there is one, else the purchase
 * modal when it has a price, else an upgrade link (Included with Premium) or nothing to do.
 */
export type ResourceOpening =
  'link' | 'course' | 'article' | 'purchase-url' | 'purchase-modal' | 'upgrade' | 'unavailable';

export function resourceOpening(r: {
  hasAccess: boolean;
  type: 'Link' | 'Article' | 'Course';
  visibility: ResourceVisibility;
  url: string | null;
  lessonId: number | null;
  purchaseUrl: string | null;
  price: number | null;
}): ResourceOpening {
  if (r.hasAccess) {
    if (r.type === 'Article') return 'article';
    if (r.type === 'Course') return r.lessonId ? 'course' : 'unavailable';
    return r.url ? 'link' : 'unavailable';
  }
  if (r.purchaseUrl) return 'purchase-url';
  if (isForSale(r.visibility) && r.price) return 'purchase-modal';
  if (r.visibility === 'Included with Premium') return 'upgrade';
  return 'unavailable';
}

/**
 * Redirects (docs/security.md): a purchase URL must be https on one of these sellers' hosts (or a
 * subdomain). A deployment adds its own with RESOURCE_PURCHASE_HOSTS.
 */
export const PURCHASE_URL_HOSTS = [
  'buy.stripe.com',
  'checkout.stripe.com',
  'thrivecart.com',
  'gumroad.com',
  'kajabi.com',
  'samcart.com',
  'myshopify.com',
] as const;

function hostMatches(host: string, allowed: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const a = allowed.toLowerCase();
  return h === a || h.endsWith(`.${a}`);
}

/**
 * Redirects (docs/security.md): https, no credentials, no port, and a host on the list (or a subdomain of
 * one). Parsed with a strict pattern (this module runs without the DOM's URL).
 */
export function isAllowedPurchaseUrl(raw: string, hosts: readonly string[] = PURCHASE_URL_HOSTS): boolean {
  if (raw.length > 2000) return false;
  const m = /^https:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?:[/?#][^\s]*)?$/i.exec(raw);
  return m !== null && hosts.some((h) => hostMatches(m[1]!, h));
}

/**
 * A Link resource's URL: http or https only (never javascript:, data:, file: ...), a host name,
 * an optional port, no credentials and no spaces.
 */
export function isSafeLinkUrl(raw: string): boolean {
  if (raw.length > 2000) return false;
  return /^https?:\/\/[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*(?::\d{1,5})?(?:[/?#][^\s]*)?$/iu.test(raw);
}
