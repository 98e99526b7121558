import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_USERS_PER_PAGE, SEARCH_DEBOUNCE_MS, USERS_PER_PAGE_OPTIONS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { userDashboardAbilities, type BulkRoleTarget } from '@shared/policies/user-admin';
import type { CurrentUser, User } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { inputClasses, TextField } from '../../components/TextField';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../app/errors';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useSignInAsMutation } from '../auth/authApi';
import { BulkUpdateDialog } from './BulkUpdateDialog';
import { useUsersExport } from './exportUsers';
import { ImportUsersDialog } from './ImportUsersDialog';
import { OptionsMenu, type MenuItem } from './OptionsMenu';
import { ProgressBar } from './ProgressBar';
import { UserFormDialog } from './UserFormDialog';
import { UsersTable } from './UsersTable';
import { useGetUsersQuery, useUpgradeRoleMutation } from './usersApi';
import { useSyncWithStripeMutation } from '../payments/paymentsApi';

type OpenDialog = { kind: 'edit'; user: User | null } | { kind: 'import' } | { kind: 'bulk' } | null;

/** SPEC §9: the Sub. Problems filter. */
const SUB_PROBLEMS_STATUS = 'unpaid';

function Dashboard({ me }: { me: CurrentUser }) {
  const abilities = userDashboardAbilities(me);
  const navigate = useNavigate();
  const perPageId = useId();
  const [search, setSearch] = useState('');
  const [perPage, setPerPage] = useState<number>(DEFAULT_USERS_PER_PAGE);
  const [subProblems, setSubProblems] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // SPEC §6: a coach's User Dashboard is about premium members (the pager counts premium users).
  const role = abilities.manage ? '' : 'premium';

  // The page belongs to one search and filter; a new one starts again at page 1.
  const filterKey = JSON.stringify([debouncedSearch, perPage, subProblems]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const { data, error, isLoading, isFetching, refetch } = useGetUsersQuery({
    page,
    usersPerPage: perPage,
    search: debouncedSearch,
    stripeStatus: subProblems ? SUB_PROBLEMS_STATUS : '',
    role,
  });
  const [upgradeRole, { isLoading: upgrading }] = useUpgradeRoleMutation();
  const [signInAs, { isLoading: signingIn, originalArgs: signInArgs }] = useSignInAsMutation();
  const exporter = useUsersExport();
  const [syncWithStripe, { isLoading: syncing }] = useSyncWithStripeMutation();

  const onSelect = (ids: number[], checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const changeRoles = async (newRole: BulkRoleTarget) => {
    try {
      await upgradeRole({ users: [...selected], newRole }).unwrap();
      setSelected(new Set());
    } catch {
      // The listener shows the failure toast.
    }
  };

  const onSignInAs = async (user: User) => {
    try {
      await signInAs({ email: user.email }).unwrap();
      void navigate('/');
    } catch {
      // The listener shows the server's message.
    }
  };

  const none = selected.size === 0;
  const menu: MenuItem[] = [
    { label: 'Upgrade to premium', disabled: none || upgrading, onSelect: () => void changeRoles('premium') },
    { label: 'Downgrade to Basic', disabled: none || upgrading, onSelect: () => void changeRoles('basic') },
    { label: 'Upgrade to Coach', disabled: none || upgrading, onSelect: () => void changeRoles('coach') },
    { label: 'Sub. Problems', checked: subProblems, separated: true, onSelect: () => setSubProblems((s) => !s) },
    // The result (or the failure) is a toast from the listener (features/payments/toasts).
    {
      label: 'Sync with Stripe',
      disabled: syncing,
      onSelect: () => void syncWithStripe().unwrap().catch(() => undefined),
    },
    { label: 'Import Users', separated: true, onSelect: () => setDialog({ kind: 'import' }) },
    { label: 'Download CSV', disabled: exporter.running, onSelect: () => void exporter.start() },
    { label: 'Update Users Tags/Status', onSelect: () => setDialog({ kind: 'bulk' }) },
  ];

  const actions = abilities.manage ? (
    <>
      <OptionsMenu label="Options" items={menu} />
      <Button onClick={() => setDialog({ kind: 'edit', user: null })}>Add new User</Button>
    </>
  ) : undefined;

  let body;
  if (isLoading) body = <Loading label="Loading users…" />;
  else if (error && !data)
    body = (
      <Banner
        kind="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {toApiError(error).message}
      </Banner>
    );
  else if (!data || data.users.length === 0) body = <EmptyState title={MESSAGES.noUsers} />;
  else
    body = (
      <>
        {error && (
          <Banner kind="error" className="mb-3">
            {toApiError(error).message}
          </Banner>
        )}
        <UsersTable
          users={data.users}
          premiumCount={data.premiumCount}
          basicCount={data.basicCount}
          me={me}
          abilities={abilities}
          selected={selected}
          onSelect={onSelect}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onSignInAs={(user) => void onSignInAs(user)}
          signingInAs={signingIn ? (data.users.find((u) => u.email === signInArgs?.email)?.id ?? -1) : null}
          className={cn('transition-opacity', isFetching && 'opacity-60')}
        />
      </>
    );

  const totalCount = data ? (abilities.manage ? data.totalCount : data.premiumCount) : 0;

  return (
    <div>
      <PageHeader
        title="User Dashboard"
        description={abilities.manage ? 'Members, coaches and admins.' : 'Premium members and their boards.'}
        actions={actions}
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <TextField
          label="Search Users"
          type="search"
          placeholder="Name or email"
          className="w-full sm:w-80"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {abilities.manage && selected.size > 0 && (
          <p className="flex items-center gap-2 pb-2 text-sm text-gray-700" aria-live="polite">
            {selected.size} selected
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => setSelected(new Set())}
            >
              Clear selection
            </button>
          </p>
        )}
        {subProblems && (
          <p className="flex items-center gap-2 pb-2 text-sm">
            <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-700">
              Subscription problems (unpaid)
            </span>
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => setSubProblems(false)}
            >
              Show all users
            </button>
          </p>
        )}
      </div>
      {exporter.progress && (
        <ProgressBar
          className="mb-4"
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
      {body}
      {data && (
        <div className="flex flex-wrap items-end justify-between gap-x-6">
          <div className="flex items-center gap-2 pt-4">
            <label htmlFor={perPageId} className="text-sm whitespace-nowrap text-gray-600">
              Users per page
            </label>
            <div className="w-20">
              <select
                id={perPageId}
                className={inputClasses(false, 'select')}
                value={perPage}
                onChange={(e) => setPerPage(Number(e.target.value))}
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
              page={page}
              perPage={perPage}
              totalCount={totalCount}
              disabled={isFetching}
              label="Users pages"
              onPageChange={(p) => setPaging({ key: filterKey, page: p })}
            />
          </div>
        </div>
      )}
      {dialog?.kind === 'edit' && (
        <UserFormDialog
          key={dialog.user?.id ?? 'new'}
          user={dialog.user}
          tagsOnly={abilities.tagsOnly}
          canDelete={abilities.manage && dialog.user?.id !== me.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && <ImportUsersDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk' && <BulkUpdateDialog onClose={() => setDialog(null)} />}
    </div>
  );
}

/** /users (admin and coach; the Guard checks the route). */
export function UserDashboard() {
  const me = useAppSelector(selectCurrentUser);
  if (!me) return null;
  return <Dashboard me={me} />;
}
