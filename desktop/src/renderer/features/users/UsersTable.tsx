import { Table, TBody, Td, Th, THead } from '../../components/Table';
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
 * docs/areas/users.md#screens User Dashboard table: Name (full name, id, email), Role (with counts), Stripe Status
 * (admins only: coaches get no billing fields), Date Joined, Edit. Narrow screens get UserCards.
 */
export function UsersTable(props: UserListProps) {
  const { users, abilities, selected, onSelect } = props;
  return (
    <Table caption="Users" className={props.className}>
      <THead>
        {abilities.manage && (
          <Th className="w-10">
            <SelectAllUsers users={users} selected={selected} onSelect={onSelect} />
          </Th>
        )}
        <Th>Name</Th>
        <Th>
          Role
          <span
            className="mt-0.5 block text-xs font-normal tracking-normal whitespace-nowrap normal-case"
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
        {users.map((user) => (
          <tr key={user.id} className={cn('hover:bg-gray-50', selected.has(user.id) && 'bg-brand-50/40')}>
            {abilities.manage && (
              <Td>
                <SelectUser user={user} selected={selected} onSelect={onSelect} />
              </Td>
            )}
            <Td>
              <div className="min-w-52">
                <UserIdentity user={user} />
              </div>
            </Td>
            <Td>
              <RoleBadge role={user.role} />
            </Td>
            {abilities.billing && (
              <Td>
                <StripeStatus status={user.stripeStatus ?? null} />
              </Td>
            )}
            <Td className="whitespace-nowrap">{dateJoined(user.createdAt)}</Td>
            <Td>
              <UserActions {...props} user={user} layout="row" />
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
