import { Link } from 'react-router-dom';
import { BLOCKED_STRIPE_STATUSES } from '@shared/limits';
import { stripeStatusLabel } from '@shared/messages';
import { canSignInAs, isBulkRoleChangeable, type UserDashboardAbilities } from '@shared/policies/user-admin';
import type { CurrentUser, User } from '@shared/types';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { roleLabel } from '../shell/SwitchRolesDialog';

/** The pieces of one user shared by the table and the card list of the User Dashboard. */

/** A text link or button of a row: at least 24 px tall, the pointer target WCAG 2.5.8 asks for (axe's target-size). */
const LINK =
  'inline-flex min-h-6 items-center rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function dateJoined(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : DATE.format(d);
}

/** What the table and the cards need to render users and their actions. */
export interface UserListProps {
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

export function StripeStatus({ status }: { status: string | null }) {
  if (!status) return <span className="text-gray-600">—</span>;
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
      {stripeStatusLabel(status)}
    </span>
  );
}

export function RoleBadge({ role }: { role: User['role'] }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        role === 'premium' ? 'bg-brand-50 text-brand-700' : 'bg-gray-100 text-gray-700',
      )}
    >
      {roleLabel(role)}
    </span>
  );
}

/** Avatar, full name, email and id. */
export function UserIdentity({ user }: { user: User }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar photoUrl={user.photoUrl} fullName={user.fullName} size="sm" />
      <div className="min-w-0">
        <p className="font-medium text-gray-900">{user.fullName}</p>
        <p className="text-xs [overflow-wrap:anywhere] text-gray-500">{user.email}</p>
        <p className="font-mono text-xs text-gray-600">ID {user.id}</p>
      </div>
    </div>
  );
}

const subjectOf = (user: User) => ({ id: user.id, role: user.role, isAdmin: user.isAdmin });

/** The row's checkbox for bulk changes (admins; never for an admin account). */
export function SelectUser({
  user,
  selected,
  onSelect,
}: Pick<UserListProps, 'selected' | 'onSelect'> & { user: User }) {
  const changeable = isBulkRoleChangeable(subjectOf(user));
  return (
    <input
      type="checkbox"
      aria-label={`Select ${user.fullName}`}
      className="size-4 accent-brand-600"
      checked={selected.has(user.id)}
      disabled={!changeable}
      title={changeable ? undefined : 'Admin accounts are changed in the user form'}
      onChange={(e) => onSelect([user.id], e.target.checked)}
    />
  );
}

export function SelectAllUsers({ users, selected, onSelect }: Pick<UserListProps, 'users' | 'selected' | 'onSelect'>) {
  const selectable = users.filter((u) => isBulkRoleChangeable(u));
  const allChecked = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  return (
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
  );
}

/** Go to board (premium), Sign in as... (admins) and Edit (admins and coaches). */
export function UserActions({
  user,
  me,
  abilities,
  onEdit,
  onSignInAs,
  signingInAs,
  layout,
}: Pick<UserListProps, 'me' | 'abilities' | 'onEdit' | 'onSignInAs' | 'signingInAs'> & {
  user: User;
  layout: 'row' | 'card';
}) {
  const card = layout === 'card';
  const links = (
    <>
      {user.role === 'premium' && (
        <Link to={`/move-the-needle/${user.id}`} className={LINK} aria-label={`Go to board of ${user.fullName}`}>
          Go to board
        </Link>
      )}
      {abilities.manage && canSignInAs(me, subjectOf(user)) && (
        <button
          type="button"
          className={cn(LINK, 'gap-1 disabled:text-gray-400 disabled:no-underline')}
          aria-label={`Sign in as ${user.fullName}`}
          aria-busy={signingInAs === user.id || undefined}
          disabled={signingInAs !== null}
          onClick={() => onSignInAs(user)}
        >
          {signingInAs === user.id && <Spinner className="size-3" />}
          Sign in as...
        </button>
      )}
    </>
  );
  return (
    <div
      className={cn(
        'flex items-center gap-3',
        card ? 'flex-wrap justify-between text-sm font-medium' : 'justify-end whitespace-nowrap',
      )}
    >
      {card ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">{links}</div>
      ) : (
        <div className="flex flex-col items-end text-xs font-medium">{links}</div>
      )}
      {abilities.edit && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Edit ${user.fullName}`}
          onClick={() => onEdit(user)}
          className={card ? 'ml-auto' : undefined}
        >
          Edit
        </Button>
      )}
    </div>
  );
}
