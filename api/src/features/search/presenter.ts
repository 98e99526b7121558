import type { Principal } from '@shared/policies';
import { SEARCH_LIMITS } from '@shared/schemas';
import { SEARCH_RESULT_KINDS, type SearchResult, type SearchResultKind } from '@shared/types';
import { presentResource } from '../resources';
import type { SearchRows } from './service';

/** A role as the user form names it: Admin, Coach, Premium, Course only, Basic. */
const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

/** A board card's link, as the notifications and the calendar make it: one's own board, or the owner's. */
export function cardPath(viewerId: number, ownerId: number, cardId: number): string {
  return `${viewerId === ownerId ? '/move-the-needle' : `/move-the-needle/${ownerId}`}?card=${cardId}`;
}

/**
 * At most `total` results, shared out kind by kind (one of each kind per round, in the palette's
 * order), so one kind with many matches does not push the others out; grouped by kind again.
 */
export function capResults(byKind: Map<SearchResultKind, SearchResult[]>, total: number): SearchResult[] {
  const taken = new Map<SearchResultKind, number>();
  let count = 0;
  for (let round = 0; count < total; round += 1) {
    let any = false;
    for (const kind of SEARCH_RESULT_KINDS) {
      if (count >= total) break;
      if ((byKind.get(kind)?.length ?? 0) > round) {
        taken.set(kind, round + 1);
        count += 1;
        any = true;
      }
    }
    if (!any) break;
  }
  return SEARCH_RESULT_KINDS.flatMap((kind) => (byKind.get(kind) ?? []).slice(0, taken.get(kind) ?? 0));
}

/**
 * The results of GET /api/search: a whitelist per kind (titles, a subtitle, the route that opens
 * it). A locked course or resource says so; nothing of its content is sent.
 */
export function presentSearch(rows: SearchRows, viewer: Principal): SearchResult[] {
  const byKind = new Map<SearchResultKind, SearchResult[]>([
    [
      'course',
      rows.courses.map((c) => ({
        kind: 'course',
        id: c.id,
        title: c.title,
        ...(c.has_access ? {} : { subtitle: 'Locked' }),
        path: `/courses/${encodeURIComponent(c.slug)}`,
      })),
    ],
    [
      'lesson',
      rows.lessons.map((l) => ({
        kind: 'lesson',
        id: l.id,
        title: l.title,
        subtitle: `${l.course_title} · ${l.module_title}`,
        path: `/courses/${encodeURIComponent(l.course_slug)}/${l.module_id}/${l.id}`,
      })),
    ],
    [
      'resource',
      rows.resources.map((r) => {
        const { hasAccess } = presentResource(r, rows.resourceAudience);
        return {
          kind: 'resource',
          id: r.id,
          title: r.title,
          subtitle: hasAccess ? r.type : `${r.type} · Locked`,
          path: `/resources?id=${r.id}`,
        };
      }),
    ],
    [
      'product',
      rows.products.map((p) => ({
        kind: 'product',
        id: p.id,
        title: p.title,
        subtitle: 'Power Profit Tool',
        path: `/profit-calculator?product=${p.id}`,
      })),
    ],
    [
      'card',
      rows.cards.map((c) => ({
        kind: 'card',
        id: c.id,
        title: c.title,
        subtitle: c.owner_id === viewer.id ? c.list_name : `${c.owner_name} · ${c.list_name}`,
        path: cardPath(viewer.id, c.owner_id, c.id),
      })),
    ],
    [
      'member',
      rows.members.map((m) => ({
        kind: 'member',
        id: m.id,
        title: m.full_name,
        subtitle: `${m.email} · ${roleLabel(m.role)}`,
        path: `/users?search=${encodeURIComponent(m.email)}`,
      })),
    ],
  ]);
  return capResults(byKind, SEARCH_LIMITS.total);
}
