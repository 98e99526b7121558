import { ROLES, ROLE_DESCRIPTIONS, type Role } from '@shared/limits';
import type { CurrentUser } from '@shared/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { useSwitchRoleMutation } from '../auth/authApi';

export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** 'Switch roles' for administrators: see the portal as each role (POST /api/auth/switch-role). */
export function SwitchRolesDialog({ user, open, onClose }: { user: CurrentUser; open: boolean; onClose: () => void }) {
  const [switchRole, { isLoading, originalArgs }] = useSwitchRoleMutation();

  const choose = async (role: Role) => {
    if (role === user.role) return onClose();
    try {
      await switchRole({ role }).unwrap();
      onClose();
    } catch {
      // The listener shows the server's message.
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Switch roles"
      description="See the portal as each role sees it. You stay an administrator and can switch back at any time."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ul className="flex flex-col gap-2">
        {ROLES.map((role) => {
          const current = role === user.role;
          const pending = isLoading && originalArgs?.role === role;
          return (
            <li key={role}>
              <button
                type="button"
                disabled={isLoading}
                aria-current={current ? 'true' : undefined}
                onClick={() => void choose(role)}
                className={cn(
                  'flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-left transition-colors disabled:cursor-wait',
                  current ? 'border-brand-300 bg-brand-50' : 'border-gray-200 hover:border-gray-300 hover:bg-gray-50',
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2 text-sm font-medium text-gray-900">
                    {roleLabel(role)}
                    {current && (
                      <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-700">
                        Current
                      </span>
                    )}
                  </span>
                  <span className="mt-0.5 block text-sm text-gray-500">{ROLE_DESCRIPTIONS[role]}</span>
                </span>
                {pending && <Spinner className="mt-0.5 text-brand-600" />}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
