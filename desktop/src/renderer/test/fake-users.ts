import type { Role, Tag, User } from '@shared/types';
import { makeUser } from './fixtures';
import { mockFetch, type MockResponse } from './render';

/** A user row as the API sends it (fixtures plus defaults). */
export function row(overrides: Partial<User> = {}): User {
  const { impersonator: _ignored, ...user } = makeUser(overrides);
  return user;
}

export interface FakeUsersServer {
  users: User[];
  tags: Tag[];
  calls: ReturnType<typeof mockFetch>;
}

type Override = (req: { method: string; path: string; body: unknown }) => MockResponse | undefined;

/**
 * An in-memory stand-in for the user admin API (renderer unit tests only): read-many with
 * search, role, stripeStatus and paging; upsert; delete; upgrade-role; validate-users-csv;
 * bulk-update; import; sign in as; tags. `override` answers first, e.g. to fail a call.
 */
export function fakeUsersServer(users: User[], tags: Tag[] = [], override?: Override): FakeUsersServer {
  const state = { users: [...users], tags: [...tags] };
  const server: FakeUsersServer = {
    get users() {
      return state.users;
    },
    get tags() {
      return state.tags;
    },
    calls: [],
  };
  server.calls = mockFetch((req) => {
    const custom = override?.(req);
    if (custom) return custom;
    const { method, path, search, body } = req;
    const b = (body ?? {}) as Record<string, unknown>;
    if (path === '/api/tag/read-many') return { body: { tags: state.tags } };
    if (path === '/api/user/coaches') {
      const coaches = state.users.filter((u) => u.role === 'coach' || u.role === 'admin');
      return { body: { coaches: coaches.map((u) => ({ id: u.id, fullName: u.fullName, role: u.role })) } };
    }
    if (path === '/api/user/read-many') {
      const q = (search.get('search') ?? '').toLowerCase();
      const role = search.get('role');
      const stripe = search.get('stripeStatus');
      const all = state.users.filter(
        (u) =>
          (!q || u.fullName.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) &&
          (!role || u.role === role) &&
          (!stripe || u.stripeStatus === stripe),
      );
      const page = Number(search.get('page') ?? 1);
      const per = Number(search.get('usersPerPage') ?? 10);
      return {
        body: {
          users: all.slice((page - 1) * per, page * per),
          totalCount: all.length,
          premiumCount: all.filter((u) => u.role === 'premium').length,
          basicCount: all.filter((u) => u.role === 'basic').length,
        },
      };
    }
    if (path === '/api/user/upsert') {
      const tagsOf = (list: unknown) =>
        ((list as Array<{ id: number }> | undefined) ?? []).map((t) => state.tags.find((x) => x.id === t.id)!);
      const existing = state.users.find((u) => u.id === b.id);
      const { password: _password, Tags, ...fields } = b;
      const saved = row({
        ...(existing ?? {}),
        ...(fields as Partial<User>),
        Tags: Tags ? tagsOf(Tags) : existing?.Tags,
      });
      state.users = existing ? state.users.map((u) => (u.id === saved.id ? saved : u)) : [saved, ...state.users];
      return { body: { user: saved, isNew: !existing } };
    }
    if (method === 'DELETE' && path.startsWith('/api/user/')) {
      const id = Number(path.split('/').pop());
      state.users = state.users.filter((u) => u.id !== id);
      return { body: { success: true } };
    }
    if (path === '/api/user/upgrade-role') {
      const ids = b.users as number[];
      state.users = state.users.map((u) => (ids.includes(u.id) ? { ...u, role: b.newRole as Role } : u));
      return { body: { message: `Updated ${ids.length} user(s) roles`, updated: ids.length } };
    }
    if (path === '/api/user/validate-users-csv') {
      const emails = b.userEmails as string[];
      const seen = new Set<string>();
      const duplicates: string[] = [];
      const distinct: string[] = [];
      for (const e of emails) {
        if (seen.has(e.toLowerCase())) duplicates.push(e);
        else distinct.push(e);
        seen.add(e.toLowerCase());
      }
      const byEmail = new Map(state.users.map((u) => [u.email.toLowerCase(), u.email]));
      return {
        body: {
          found: distinct.filter((e) => byEmail.has(e.toLowerCase())).map((e) => byEmail.get(e.toLowerCase())!),
          notFound: distinct.filter((e) => !byEmail.has(e.toLowerCase())),
          duplicates,
        },
      };
    }
    if (path === '/api/user/bulk-update') {
      const emails = (b.userEmails as string[]).map((e) => e.toLowerCase());
      state.users = state.users.map((u) =>
        emails.includes(u.email.toLowerCase()) && b.role ? { ...u, role: b.role as Role } : u,
      );
      return {
        body: { message: 'Updated users sucessfully', updated: emails.length, notFound: [], roleUnchanged: [] },
      };
    }
    if (path === '/api/user/import') {
      return { body: { message: 'Users imported successfully', created: 2, updated: 1, unchanged: 0, skipped: 0 } };
    }
    if (path === '/api/auth/signinas') {
      const target = state.users.find((u) => u.email === b.email)!;
      return { body: { currentUser: { ...target, impersonator: { id: 1, fullName: 'Ada Admin', email: 'admin@x' } } } };
    }
    return undefined;
  });
  return server;
}
