import { hasResourceAccess, isCourseResource, type ResourceAudience } from '@shared/policies';
import type { Resource, ResourceCategory } from '@shared/types';
import { iso } from '../../core/dates';
import type { ResourceRow } from './queries';

const list = <T>(v: T[] | string): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : v);

export const centsToDollars = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * A resource as the member sees it. A whitelist, and a locked resource keeps its secrets: without
 * access there is no article text, no link URL and no course link (only what selling it needs).
 * Required Tags are for admins (members get []).
 */
export function presentResource(row: ResourceRow, audience: ResourceAudience): Resource {
  const hasAccess = hasResourceAccess(audience, {
    visibility: row.visibility,
    owned: row.owned,
    tagMatch: row.tag_match,
    courseResource: isCourseResource({ type: row.type, lessonId: row.lesson_id }),
    premiumSlides: row.premium_slides,
  });
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverPhotoUrl: row.cover_photo_url,
    type: row.type,
    visibility: row.visibility,
    content: hasAccess ? row.content : null,
    url: hasAccess ? row.url : null,
    price: centsToDollars(row.price_cents),
    purchaseUrl: row.purchase_url,
    publishedAt: row.published_at === null ? null : iso(row.published_at),
    hidden: row.hidden,
    createdAt: iso(row.created_at),
    ResourceCategories: list(row.categories),
    Tags: audience.admin ? list(row.tags) : [],
    CourseId: hasAccess || audience.admin ? row.course_id : null,
    lessonId: hasAccess ? row.lesson_id : null,
    hasAccess,
    owned: row.owned,
  };
}

export const presentCategory = (row: { id: number; name: string; premium_slides: boolean }): ResourceCategory => ({
  id: row.id,
  name: row.name,
  premiumSlides: row.premium_slides,
});
