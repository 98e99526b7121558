import type { BulkRoleTarget } from '@shared/policies/user-admin';
import { Button } from '../../components/Button';
import { useSyncWithStripeMutation } from '../payments/paymentsApi';
import type { useUsersExport } from './exportUsers';
import { OptionsMenu, type MenuItem } from './OptionsMenu';
import type { UserList } from './useUserList';
import { useGetTestToolsQuery, useUpgradeRoleMutation } from './usersApi';

export type UserDialog = { kind: 'edit'; user: null } | { kind: 'import' } | { kind: 'bulk' } | { kind: 'add-tags' };

/**
 * The admin's actions on the User Dashboard (docs/areas/users.md#screens): the Options menu (role changes of the
 * selected users, Sub. Problems, Sync with Stripe, Import Users, Download CSV, Update Users
 * Tags/Status, and outside production the add-tags test tool) and 'Add user'. Results and failures are toasts from the listener.
 */
export function UserAdminMenu({
  list,
  exporter,
  onOpen,
}: {
  list: UserList;
  exporter: ReturnType<typeof useUsersExport>;
  onOpen: (dialog: UserDialog) => void;
}) {
  const [upgradeRole, { isLoading: upgrading }] = useUpgradeRoleMutation();
  const [syncWithStripe, { isLoading: syncing }] = useSyncWithStripeMutation();
  // Outside production only: the server answers 404 there, and the item is left out.
  const testTools = useGetTestToolsQuery();

  const changeRoles = async (newRole: BulkRoleTarget) => {
    try {
      await upgradeRole({ users: [...list.selected], newRole }).unwrap();
      list.clearSelection();
    } catch {
      // The listener shows the failure toast.
    }
  };

  const none = list.selected.size === 0;
  const items: MenuItem[] = [
    { label: 'Upgrade to premium', disabled: none || upgrading, onSelect: () => void changeRoles('premium') },
    { label: 'Downgrade to Basic', disabled: none || upgrading, onSelect: () => void changeRoles('basic') },
    { label: 'Upgrade to Coach', disabled: none || upgrading, onSelect: () => void changeRoles('coach') },
    {
      label: 'Sub. Problems',
      checked: list.subProblems,
      separated: true,
      onSelect: () => list.setSubProblems((s) => !s),
    },
    // The result (or the failure) is a toast from the listener (features/payments/toasts).
    {
      label: 'Sync with Stripe',
      disabled: syncing,
      onSelect: () =>
        void syncWithStripe()
          .unwrap()
          .catch(() => undefined),
    },
    { label: 'Import Users', separated: true, onSelect: () => onOpen({ kind: 'import' }) },
    { label: 'Download CSV', disabled: exporter.running, onSelect: () => void exporter.start() },
    { label: 'Update Users Tags/Status', onSelect: () => onOpen({ kind: 'bulk' }) },
  ];
  if (testTools.data?.addTags) {
    items.push({ label: 'Add tags (test tool)', separated: true, onSelect: () => onOpen({ kind: 'add-tags' }) });
  }

  return (
    <>
      <OptionsMenu label="Options" items={items} />
      <Button onClick={() => onOpen({ kind: 'edit', user: null })}>Add user</Button>
    </>
  );
}
