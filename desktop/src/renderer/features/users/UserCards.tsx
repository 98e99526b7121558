import { cn } from '../../lib/cn';
import {
  dateJoined,
  RoleBadge,
  SelectAllUsers,
  SelectUser,
  StripeStatus,
  UserActions,
  UserIdentity,
  type UserListProps,
} from './UserCells';

/**
 * The User Dashboard's users as cards, for screens too narrow for the table: the same fields
 * (name, id, email, role with the counts, Stripe status, date joined) and every action in view.
 */
export function UserCards(props: UserListProps) {
  const { users, abilities, selected, onSelect } = props;
  return (
    <section aria-label="Users" className={cn('flex flex-col gap-3', props.className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 px-1 text-sm text-gray-600">
        {abilities.manage ? (
          <label className="flex items-center gap-2">
            <SelectAllUsers users={users} selected={selected} onSelect={onSelect} />
            <span aria-hidden="true">Select all</span>
          </label>
        ) : (
          <span />
        )}
        <span data-testid="role-counts">
          Premium: {props.premiumCount} · Basic: {props.basicCount}
        </span>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {users.map((user) => (
          <li
            key={user.id}
            aria-label={user.fullName}
            className={cn(
              'flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xs',
              selected.has(user.id) && 'border-brand-300 bg-brand-50/40',
            )}
          >
            <div className="flex items-start gap-3">
              {abilities.manage && (
                <div className="pt-2">
                  <SelectUser user={user} selected={selected} onSelect={onSelect} />
                </div>
              )}
              <div className="min-w-0 flex-1">
                <UserIdentity user={user} />
              </div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-gray-500">Role</dt>
              <dd>
                <RoleBadge role={user.role} />
              </dd>
              {abilities.billing && (
                <>
                  <dt className="text-gray-500">Stripe Status</dt>
                  <dd>
                    <StripeStatus status={user.stripeStatus ?? null} />
                  </dd>
                </>
              )}
              <dt className="text-gray-500">Date Joined</dt>
              <dd className="text-gray-700">{dateJoined(user.createdAt)}</dd>
            </dl>
            <div className="border-t border-gray-100 pt-3">
              <UserActions {...props} user={user} layout="card" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
