import { useState } from 'react';
import type { CurrentUser } from '@shared/types';
import { canSwitchRoles } from '@shared/policies/sidebar';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/Spinner';
import { LogoutIcon, SwitchIcon } from '../../components/icons';
import { SwitchRolesDialog } from './SwitchRolesDialog';
import { useSignOut } from '../auth/useSignOut';

/** Bottom of the sidebar: photo or initials, name, email, logout; 'Switch roles' for admins. */
export function UserBlock({ user }: { user: CurrentUser }) {
  const { signOut, signingOut } = useSignOut();
  const [switching, setSwitching] = useState(false);
  return (
    <div className="border-t border-gray-200 pt-4">
      {canSwitchRoles(user) && (
        <>
          <button
            type="button"
            onClick={() => setSwitching(true)}
            className="mb-3 flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100"
          >
            <SwitchIcon />
            Switch roles
          </button>
          <SwitchRolesDialog user={user} open={switching} onClose={() => setSwitching(false)} />
        </>
      )}
      <div className="flex items-center gap-3 px-1">
        <Avatar photoUrl={user.photoUrl} fullName={user.fullName} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-gray-900">{user.fullName}</p>
          <p className="truncate text-xs text-gray-500">{user.email}</p>
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          disabled={signingOut}
          aria-label="Log out"
          title="Log out"
          className="rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:cursor-wait"
        >
          {signingOut ? <Spinner className="size-5" /> : <LogoutIcon />}
        </button>
      </div>
    </div>
  );
}
