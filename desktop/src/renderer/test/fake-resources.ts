import type { Resource, ResourceCategory } from '@shared/types';
import { mockFetch, type FetchCall, type MockResponse } from './render';

let nextId = 700;

/** A resource as the API would send it to a member (a Free Link unless told otherwise). */
export function makeResource(overrides: Partial<Resource> = {}): Resource {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Resource ${id}`,
    description: 'A short description.',
    coverPhotoUrl: null,
    type: 'Link',
    visibility: 'Free',
    content: null,
    url: 'https://example.com/guide',
    price: null,
    purchaseUrl: null,
    publishedAt: null,
    hidden: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ResourceCategories: [],
    Tags: [],
    CourseId: null,
    lessonId: null,
    hasAccess: true,
    owned: false,
    ...overrides,
  };
}

export interface FakeResourcesOptions {
  resources?: Resource[];
  categories?: ResourceCategory[];
  /** Answer one call differently (return undefined for the default). */
  override?: (call: FetchCall) => MockResponse | undefined;
}

/**
 * An in-memory stand-in for /api/resource/* and /api/stripe/config in renderer tests (the real API
 * has its own tests): filters by type and category, creates, updates and deletes.
 */
export function fakeResourcesServer(opts: FakeResourcesOptions = {}) {
  let resources = [...(opts.resources ?? [])];
  let categories = [...(opts.categories ?? [])];
  const calls = mockFetch((call) => {
    const custom = opts.override?.(call);
    if (custom) return custom;
    const { method, path, search, body } = call;
    if (path === '/api/resource/read-many') {
      const type = search.get('type');
      const cats = search.getAll('categories').map(Number);
      let rows = resources;
      if (type === 'my-purchases') rows = rows.filter((r) => r.owned);
      if (type === 'marketplace') rows = rows.filter((r) => r.visibility.startsWith('For Sale'));
      if (cats.length) rows = rows.filter((r) => r.ResourceCategories.some((c) => cats.includes(c.id)));
      const q = (search.get('search') ?? '').toLowerCase();
      if (q) rows = rows.filter((r) => r.title.toLowerCase().includes(q));
      return { body: { resources: rows.slice(0, Number(search.get('itemsPerPage') ?? 1000)) } };
    }
    if (path === '/api/resource/category/read-many') return { body: { resourceCategories: categories } };
    if (path === '/api/resource/course-options')
      return { body: { courses: [{ id: 3, title: 'FBA 101', status: 'PUBLISHED' }] } };
    if (path === '/api/tag/read-many') return { body: { tags: [{ id: 1, name: 'Mastermind' }] } };
    if (path === '/api/resource/upsert') {
      const b = body as Partial<Resource> & { Tags: Array<{ id: number }>; ResourceCategories: Array<{ id: number }> };
      const existing = resources.find((r) => r.id === b.id);
      const saved = makeResource({
        ...existing,
        ...b,
        Tags: b.Tags.map((t) => ({ id: t.id, name: 'Mastermind' })),
        ResourceCategories: b.ResourceCategories.map((c) => categories.find((x) => x.id === c.id)!),
      });
      resources = existing ? resources.map((r) => (r.id === saved.id ? saved : r)) : [saved, ...resources];
      return { body: { resource: saved, isNew: !existing } };
    }
    if (path === '/api/resource/category/upsert') {
      const b = body as { id?: number; name: string; premiumSlides?: boolean };
      const saved = {
        id: b.id ?? nextId++,
        name: b.name,
        premiumSlides: b.premiumSlides ?? categories.find((c) => c.id === b.id)?.premiumSlides ?? false,
      };
      categories = b.id ? categories.map((c) => (c.id === b.id ? saved : c)) : [...categories, saved];
      return { body: { resourceCategory: saved, isNew: !b.id } };
    }
    const m = /^\/api\/resource\/(category\/)?(\d+)$/.exec(path);
    if (m && method === 'DELETE') {
      const id = Number(m[2]);
      if (m[1]) categories = categories.filter((c) => c.id !== id);
      else resources = resources.filter((r) => r.id !== id);
      return { body: { success: true } };
    }
    if (m && method === 'GET') {
      const found = resources.find((r) => r.id === Number(m[2]));
      return found
        ? { body: { resource: found } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Resource not found' } } };
    }
    if (path === '/api/stripe/config') {
      return { body: { enabled: false, publishableKey: null, jsUrl: null, webUrl: 'https://portal.example.com' } };
    }
    return undefined;
  });
  return { calls, resources: () => resources, categories: () => categories };
}
