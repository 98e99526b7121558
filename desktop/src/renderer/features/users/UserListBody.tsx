import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import type { UserDashboardAbilities } from '@shared/policies/user-admin';
import type { CurrentUser, User } from '@shared/types';
import { Banner, LoadError } from '../../components/Banner';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { toApiError } from '../../lib/apiErrors';
import { useNarrow } from '../../lib/useNarrow';
import { useSignInAsMutation } from '../auth/authApi';
import type { UserList } from './useUserList';
import { UserCards } from './UserCards';
import { UsersTable } from './UsersTable';
import { Refreshing } from '../../components/Refreshing';

/**
 * Below these widths (px of the list's column) the table would scroll its Edit and Sign in as
 * out of view: the list shows cards instead. Admins' table has two more columns than coaches'.
 */
export const TABLE_MIN_WIDTH = { manage: 880, view: 640 } as const;

interface Props {
  me: CurrentUser;
  abilities: UserDashboardAbilities;
  list: UserList;
  onEdit: (user: User) => void;
}

/** The User Dashboard's list: loading, the error (with Try again), no users, the table or cards. */
export function UserListBody(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box, props.abilities.manage ? TABLE_MIN_WIDTH.manage : TABLE_MIN_WIDTH.view);
  return (
    <div ref={box}>
      <ListContent {...props} narrow={narrow} />
    </div>
  );
}

function ListContent({ me, abilities, list, onEdit, narrow }: Props & { narrow: boolean }) {
  const navigate = useNavigate();
  const [signInAs, { isLoading: signingIn, originalArgs: signInArgs }] = useSignInAsMutation();
  const { data, error, isLoading, isFetching, refetch } = list.query;

  const onSignInAs = async (user: User) => {
    try {
      await signInAs({ email: user.email }).unwrap();
      void navigate('/');
    } catch {
      // The listener shows the server's message.
    }
  };

  if (isLoading) return <Skeleton shape="table" label="Loading users…" />;
  if (error && !data) return <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  if (!data || data.users.length === 0) return <EmptyState title={MESSAGES.noUsers} />;
  const List = narrow ? UserCards : UsersTable;
  return (
    <>
      {error && (
        <Banner kind="error" className="mb-3">
          {toApiError(error).message}
        </Banner>
      )}
      <Refreshing busy={isFetching}>
        <List
          users={data.users}
          premiumCount={data.premiumCount}
          basicCount={data.basicCount}
          me={me}
          abilities={abilities}
          selected={list.selected}
          onSelect={list.select}
          onEdit={onEdit}
          onSignInAs={(user) => void onSignInAs(user)}
          signingInAs={signingIn ? (data.users.find((u) => u.email === signInArgs?.email)?.id ?? -1) : null}
        />
      </Refreshing>
    </>
  );
}
