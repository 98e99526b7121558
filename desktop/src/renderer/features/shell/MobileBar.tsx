import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '@shared/types';
import { canSwitchRoles } from '@shared/policies/sidebar';
import { Avatar } from '../../components/Avatar';
import { Dialog } from '../../components/Dialog';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Logo } from './Logo';
import { SidebarNav } from './SidebarNav';
import { SwitchRolesDialog } from './SwitchRolesDialog';
import { UserBlock } from './UserBlock';
import { useSignOut } from '../auth/useSignOut';
import { NotificationBell } from '../notifications/NotificationBell';
import { useDismissable } from '../../lib/useDismissable';
import { SearchButton } from '../search/CommandPalette';
import { HelpMenu } from './HelpMenu';

/** The profile/logout menu of small screens (a disclosure: Escape or a click outside closes it). */
function ProfileMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const { signOut, signingOut } = useSignOut();
  const { rootRef, buttonRef } = useDismissable(open, () => setOpen(false));
  const menuId = useId();

  const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100';
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="rounded-full"
      >
        {/* Named by its words, not an aria-label: the initials are a picture (label-content-name-mismatch). */}
        <span className="sr-only">Profile menu</span>
        <Avatar photoUrl={user.photoUrl} fullName={user.fullName} size="sm" />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
        >
          <div className="border-b border-gray-100 px-3 pt-1 pb-3">
            <p className="truncate text-sm font-medium text-gray-900">{user.fullName}</p>
            <p className="truncate text-xs text-gray-500">{user.email}</p>
          </div>
          <ul className="pt-2">
            <li>
              <Link to="/profile" className={itemClass} onClick={() => setOpen(false)}>
                Profile settings
              </Link>
            </li>
            {canSwitchRoles(user) && (
              <li>
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => {
                    setOpen(false);
                    setSwitching(true);
                  }}
                >
                  Switch roles
                </button>
              </li>
            )}
            <li>
              <button type="button" className={itemClass} disabled={signingOut} onClick={() => void signOut()}>
                {signingOut ? 'Logging out…' : 'Log out'}
              </button>
            </li>
          </ul>
        </div>
      )}
      {canSwitchRoles(user) && <SwitchRolesDialog user={user} open={switching} onClose={() => setSwitching(false)} />}
    </div>
  );
}

/** Top bar of small screens: menu button (opens the sidebar as a drawer), logo, profile menu. */
export function MobileBar({ user }: { user: CurrentUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-gray-200 bg-white px-3 sm:gap-3 sm:px-4 lg:hidden">
      <button
        type="button"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(true)}
        className="-ml-2 rounded-lg p-2 text-gray-700 hover:bg-gray-100"
      >
        <MenuIcon className="size-6" />
      </button>
      <Logo className="text-sm" />
      <div className="flex items-center gap-0.5 sm:gap-1">
        <SearchButton />
        <HelpMenu user={user} />
        <NotificationBell user={user} />
        <ProfileMenu user={user} />
      </div>
      <Dialog open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu" placement="left" hideTitle>
        <div className="flex min-h-full flex-col gap-6">
          <div className="flex items-center justify-between">
            <Logo />
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setMenuOpen(false)}
              className="-mr-2 rounded-lg p-2 text-gray-500 hover:bg-gray-100"
            >
              <CloseIcon />
            </button>
          </div>
          <SidebarNav user={user} onNavigate={() => setMenuOpen(false)} />
          <div className="mt-auto">
            <UserBlock user={user} />
          </div>
        </div>
      </Dialog>
    </header>
  );
}
