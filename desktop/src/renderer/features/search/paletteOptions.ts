import type { SidebarItem } from '@shared/policies/sidebar';
import { SEARCH_RESULT_KINDS, type SearchResult, type SearchResultKind } from '@shared/types';

/** One choice of the palette: a screen of the sidebar or a result of the server's search. */
export interface PaletteOption {
  key: string;
  title: string;
  subtitle?: string;
  path: string;
}

export interface PaletteGroup {
  key: 'screens' | SearchResultKind;
  heading: string;
  options: PaletteOption[];
}

const HEADINGS: Record<SearchResultKind, string> = {
  course: 'Courses',
  lesson: 'Lessons',
  resource: 'Resources',
  product: 'Products',
  card: 'Move the Needle cards',
  member: 'Members',
};

/**
 * The screens the user's sidebar offers (in-app links only), in its order, whose label contains
 * the term (any case); all of them for an empty term.
 */
export function matchingScreens(items: readonly SidebarItem[], term: string): PaletteOption[] {
  const wanted = term.trim().toLowerCase();
  return items
    .filter((item) => !item.external && item.label.toLowerCase().includes(wanted))
    .map((item) => ({ key: `screen-${item.key}`, title: item.label, path: item.to }));
}

/** The palette's groups, screens first, then the server's results by kind; empty groups left out. */
export function paletteGroups(screens: PaletteOption[], results: readonly SearchResult[]): PaletteGroup[] {
  const groups: PaletteGroup[] = [{ key: 'screens', heading: 'Screens', options: screens }];
  for (const kind of SEARCH_RESULT_KINDS) {
    groups.push({
      key: kind,
      heading: HEADINGS[kind],
      options: results
        .filter((r) => r.kind === kind)
        .map((r) => ({ key: `${kind}-${r.id}`, title: r.title, subtitle: r.subtitle, path: r.path })),
    });
  }
  return groups.filter((g) => g.options.length > 0);
}
