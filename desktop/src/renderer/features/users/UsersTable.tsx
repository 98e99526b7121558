import { Link } from 'react-router-dom';
import { BLOCKED_STRIPE_STATUSES } from '@shared/limits';
import { canSignInAs, isBulkRoleChangeable, type UserDashboardAbilities } from '@shared/policies/user-admin';
import type { CurrentUser, User } from '@shared/types';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { Table, TBody, Td, Th, THead } from '../../components/Table';
import { cn } from '../../lib/cn';
import { roleLabel } from '../shell/SwitchRolesDialog';

const LINK = 'rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function dateJoined(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : DATE.format(d);
}

function StripeStatus({ status }: { status: string | null }) {
  if (!status) return <span className="text-gray-400">—</span>;
  const problem = (BLOCKED_STRIPE_STATUSES as readonly string[]).includes(status);
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-medium',
        problem
          ? 'bg-red-50 text-red-700'
          : status === 'active'
            ? 'bg-green-50 text-green-700'
            : 'bg-gray-100 text-gray-700',
      )}
    >
      {status}
    </span>
  );
}

export interface UsersTableProps {
  users: User[];
  premiumCount: number;
  basicCount: number;
  me: CurrentUser;
  abilities: UserDashboardAbilities;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  onEdit: (user: User) => void;
  onSignInAs: (user: User) => void;
  signingInAs: number | null;
  className?: string;
}

/**
 * SPEC §2 User Dashboard table: Name (full name, id, email), Role (with counts), Stripe Status
 * (admins only: coaches get no billing fields), Date Joined, Edit.
 */
export function UsersTable(props: UsersTableProps) {
  const { users, me, abilities, selected, onSelect } = props;
  const selectable = users.filter((u) => isBulkRoleChangeable(u));
  const allChecked = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  return (
    <Table caption="Users" className={props.className}>
      <THead>
        {abilities.manage && (
          <Th className="w-10">
            <input
              type="checkbox"
              aria-label="Select all users on this page"
              className="size-4 accent-brand-600"
              checked={allChecked}
              disabled={selectable.length === 0}
              onChange={(e) =>
                onSelect(
                  selectable.map((u) => u.id),
                  e.target.checked,
                )
              }
            />
          </Th>
        )}
        <Th>Name</Th>
        <Th>
          Role
          <span
            className="mt-0.5 block text-[11px] font-normal tracking-normal whitespace-nowrap normal-case"
            data-testid="role-counts"
          >
            Premium: {props.premiumCount} · Basic: {props.basicCount}
          </span>
        </Th>
        {abilities.billing && <Th>Stripe Status</Th>}
        <Th>Date Joined</Th>
        <Th className="text-right">Edit</Th>
      </THead>
      <TBody>
        {users.map((user) => {
          const subject = { id: user.id, role: user.role, isAdmin: user.isAdmin };
          return (
            <tr key={user.id} className={cn('hover:bg-gray-50', selected.has(user.id) && 'bg-brand-50/40')}>
              {abilities.manage && (
                <Td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${user.fullName}`}
                    className="size-4 accent-brand-600"
                    checked={selected.has(user.id)}
                    disabled={!isBulkRoleChangeable(subject)}
                    title={isBulkRoleChangeable(subject) ? undefined : 'Admin accounts are changed in the user form'}
                    onChange={(e) => onSelect([user.id], e.target.checked)}
                  />
                </Td>
              )}
              <Td>
                <div className="flex min-w-52 items-center gap-3">
                  <Avatar photoUrl={user.photoUrl} fullName={user.fullName} size="sm" />
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">{user.fullName}</p>
                    <p className="text-xs [overflow-wrap:anywhere] text-gray-500">{user.email}</p>
                    <p className="font-mono text-[11px] text-gray-400">ID {user.id}</p>
                  </div>
                </div>
              </Td>
              <Td>
                <span
                  className={cn(
                    'rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
                    user.role === 'premium' ? 'bg-brand-50 text-brand-700' : 'bg-gray-100 text-gray-700',
                  )}
                >
                  {roleLabel(user.role)}
                </span>
              </Td>
              {abilities.billing && (
                <Td>
                  <StripeStatus status={user.stripeStatus ?? null} />
                </Td>
              )}
              <Td className="whitespace-nowrap">{dateJoined(user.createdAt)}</Td>
              <Td>
                <div className="flex items-center justify-end gap-3 whitespace-nowrap">
                  <div className="flex flex-col items-end gap-1 text-xs font-medium">
                    {user.role === 'premium' && (
                      <Link
                        to={`/move-the-needle/${user.id}`}
                        className={LINK}
                        aria-label={`Go to board of ${user.fullName}`}
                      >
                        Go to board
                      </Link>
                    )}
                    {abilities.manage && canSignInAs(me, subject) && (
                      <button
                        type="button"
                        className={cn(
                          LINK,
                          'inline-flex items-center gap-1 disabled:text-gray-400 disabled:no-underline',
                        )}
                        aria-label={`Sign in as ${user.fullName}`}
                        aria-busy={props.signingInAs === user.id || undefined}
                        disabled={props.signingInAs !== null}
                        onClick={() => props.onSignInAs(user)}
                      >
                        {props.signingInAs === user.id && <Spinner className="size-3" />}
                        Sign in as...
                      </button>
                    )}
                  </div>
                  {abilities.edit && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Edit ${user.fullName}`}
                      onClick={() => props.onEdit(user)}
                    >
                      Edit
                    </Button>
                  )}
                </div>
              </Td>
            </tr>
          );
        })}
      </TBody>
    </Table>
  );
}
