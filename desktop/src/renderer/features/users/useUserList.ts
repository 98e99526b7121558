import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DEFAULT_USERS_PER_PAGE,
  SEARCH_DEBOUNCE_MS,
  SUB_PROBLEMS_DEFAULT_STATUS,
  type SubProblemsFilter,
} from '@shared/limits';
import type { UserDashboardAbilities } from '@shared/policies/user-admin';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useGetUsersQuery } from './usersApi';

/**
 * The User Dashboard's list state: search (debounced), users per page, the Sub. Problems filter,
 * the page (back to 1 whenever the search or a filter changes), the selection, and the query.
 */
export function useUserList(abilities: UserDashboardAbilities) {
  // ?search= opens the dashboard on one member (the Insights page links members so).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [perPage, setPerPage] = useState<number>(DEFAULT_USERS_PER_PAGE);
  const [subProblems, setSubProblems] = useState(false);
  // docs/areas/users.md#limits: unpaid by default; any other blocking status, or 'blocked' (everyone locked out).
  const [subStatus, setSubStatus] = useState<SubProblemsFilter>(SUB_PROBLEMS_DEFAULT_STATUS);
  // "My members" (coaches and admins), the server's coach=mine filter (docs/areas/review.md#a-members-coach).
  const [myMembers, setMyMembers] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // docs/areas/users.md#who-may-do-what: a coach's User Dashboard is about premium members (the pager counts premium users).
  const role = abilities.listRole;

  // The page belongs to one search and filter; a new one starts again at page 1.
  const filterKey = JSON.stringify([debouncedSearch, perPage, subProblems, subStatus, myMembers]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const query = useGetUsersQuery({
    page,
    usersPerPage: perPage,
    search: debouncedSearch,
    stripeStatus: subProblems ? subStatus : '',
    role,
    coach: myMembers ? 'mine' : '',
  });

  const select = (ids: number[], checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const { data } = query;
  return {
    query,
    search,
    setSearch,
    perPage,
    setPerPage,
    subProblems,
    setSubProblems,
    subStatus,
    setSubStatus,
    myMembers,
    setMyMembers,
    page,
    setPage: (p: number) => setPaging({ key: filterKey, page: p }),
    // The API counts only what the viewer may list (a coach: premium members).
    totalCount: data?.totalCount ?? 0,
    selected,
    select,
    clearSelection: () => setSelected(new Set()),
  };
}

export type UserList = ReturnType<typeof useUserList>;
