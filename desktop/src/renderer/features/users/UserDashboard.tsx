import { useId, useState } from 'react';
import { SUB_PROBLEMS_FILTERS, USERS_PER_PAGE_OPTIONS, type SubProblemsFilter } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { isReviewer } from '@shared/policies/review';
import { userDashboardAbilities } from '@shared/policies/user-admin';
import type { CurrentUser, User } from '@shared/types';
import { PageHeader } from '../../components/Card';
import { Pager } from '../../components/Pager';
import { ProgressBar } from '../../components/ProgressBar';
import { Checkbox, inputClasses, TextField } from '../../components/TextField';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { AddTagsTestDialog } from './AddTagsTestDialog';
import { BulkUpdateDialog } from './BulkUpdateDialog';
import { useUsersExport } from './exportUsers';
import { ImportUsersDialog } from './ImportUsersDialog';
import { UserAdminMenu, type UserDialog } from './UserAdminMenu';
import { UserFormDialog } from './UserFormDialog';
import { UserListBody } from './UserListBody';
import { useUserList, type UserList } from './useUserList';

type OpenDialog = UserDialog | { kind: 'edit'; user: User } | null;

/** The Sub. Problems choices: each blocking status (docs/areas/users.md#behaviour), unpaid first (docs/areas/users.md#limits's default), then all. */
const SUB_PROBLEMS_LABELS: Record<SubProblemsFilter, string> = {
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Incomplete, expired',
  past_due: 'Past due',
  blocked: 'Every blocking status (locked out)',
};

/** Search, the selection count and the Sub. Problems status select. */
function UserFilters({ list, manage, reviewer }: { list: UserList; manage: boolean; reviewer: boolean }) {
  const statusId = useId();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <TextField
        label="Search Users"
        type="search"
        placeholder="Name or email"
        className="w-full sm:w-80"
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
      />
      {reviewer && (
        <Checkbox
          label={MESSAGES.myMembers}
          className="pb-2"
          checked={list.myMembers}
          onChange={(e) => list.setMyMembers(e.target.checked)}
        />
      )}
      {manage && list.selected.size > 0 && (
        <p className="flex items-center gap-2 pb-2 text-sm text-gray-700" aria-live="polite">
          {list.selected.size} selected
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={list.clearSelection}>
            Clear selection
          </button>
        </p>
      )}
      {list.subProblems && (
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <div>
            <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-gray-700">
              Subscription problems
            </label>
            <select
              id={statusId}
              className={inputClasses(false, 'select')}
              value={list.subStatus}
              onChange={(e) => list.setSubStatus(e.target.value as SubProblemsFilter)}
            >
              {SUB_PROBLEMS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {SUB_PROBLEMS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="pb-2 font-medium text-brand-700 hover:underline"
            onClick={() => list.setSubProblems(false)}
          >
            Show all users
          </button>
        </div>
      )}
    </div>
  );
}

/** Users per page and the pager. */
function UserPaging({ list }: { list: UserList }) {
  const perPageId = useId();
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6">
      <div className="flex items-center gap-2 pt-4">
        <label htmlFor={perPageId} className="text-sm whitespace-nowrap text-gray-600">
          Users per page
        </label>
        <div className="w-20">
          <select
            id={perPageId}
            className={inputClasses(false, 'select')}
            value={list.perPage}
            onChange={(e) => list.setPerPage(Number(e.target.value))}
          >
            {USERS_PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="min-w-0 flex-1">
        <Pager
          page={list.page}
          perPage={list.perPage}
          totalCount={list.totalCount}
          disabled={list.query.isFetching}
          label="Users pages"
          onPageChange={list.setPage}
        />
      </div>
    </div>
  );
}

function UserDashboardPage({ me }: { me: CurrentUser }) {
  const abilities = userDashboardAbilities(me);
  const list = useUserList(abilities);
  const exporter = useUsersExport();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <div>
      <PageHeader
        title="User Dashboard"
        description={abilities.manage ? 'Members, coaches and admins.' : 'Premium members and their boards.'}
        actions={abilities.manage ? <UserAdminMenu list={list} exporter={exporter} onOpen={setDialog} /> : undefined}
      />
      <UserFilters list={list} manage={abilities.manage} reviewer={isReviewer(me)} />
      {exporter.progress && (
        <ProgressBar
          className="mb-4"
          showLabel="above"
          label="Preparing users.csv…"
          value={exporter.progress.total ? exporter.progress.received : undefined}
          max={exporter.progress.total ?? undefined}
          detail={
            exporter.progress.total !== null
              ? `${exporter.progress.received} of ${exporter.progress.total} users`
              : `${exporter.progress.received} users`
          }
        />
      )}
      <UserListBody me={me} abilities={abilities} list={list} onEdit={(user) => setDialog({ kind: 'edit', user })} />
      {list.query.data && <UserPaging list={list} />}
      {dialog?.kind === 'edit' && (
        <UserFormDialog
          key={dialog.user?.id ?? 'new'}
          user={dialog.user}
          tagsOnly={abilities.tagsOnly}
          canDelete={abilities.manage && dialog.user?.id !== me.id}
          onClose={close}
        />
      )}
      {dialog?.kind === 'import' && <ImportUsersDialog onClose={close} />}
      {dialog?.kind === 'bulk' && <BulkUpdateDialog onClose={close} />}
      {dialog?.kind === 'add-tags' && <AddTagsTestDialog onClose={close} />}
    </div>
  );
}

/** /users (admin and coach; the Guard checks the route). */
export function UserDashboard() {
  const me = useAppSelector(selectCurrentUser);
  if (!me) return null;
  return <UserDashboardPage me={me} />;
}
