import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { COMMUNITY_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { fillMessage, MESSAGES } from '@shared/messages';
import { communityModeOf } from '@shared/schemas/settings';
import type { PublicUser } from '@shared/types';
import { Avatar } from '../../components/Avatar';
import { Banner, LoadError } from '../../components/Banner';
import { buttonClasses } from '../../components/Button';
import { Card, CardHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { TextField, inputClasses } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { roleLabel } from '../shell/SwitchRolesDialog';
import { useGetCommunityQuery, type CommunityRoleFilter } from './communityApi';
import { Refreshing } from '../../components/Refreshing';
import { usePortalSettings } from '../settings/usePortalSettings';

function place(u: PublicUser): string {
  return [u.city, u.state, u.country].filter((p) => p && p.trim()).join(', ');
}

/** A member's community profile (docs/areas/community.md#profiles). */
const profileLink = (id: number) => `/community/member/${id}`;

function MemberRow({ member }: { member: PublicUser }) {
  const where = place(member);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-gray-100 px-3 py-3">
      <Avatar photoUrl={member.photoUrl} fullName={member.fullName} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">
          <Link
            to={profileLink(member.id)}
            aria-label={fillMessage(MESSAGES.communityViewProfile, { name: member.fullName })}
            className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {member.fullName}
          </Link>
        </p>
        <p className="truncate text-sm text-gray-500">{where || 'Location not shared'}</p>
      </div>
      <span
        className={cn(
          'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium',
          member.role === 'premium' ? 'bg-brand-50 text-brand-700' : 'bg-gray-100 text-gray-700',
        )}
      >
        {roleLabel(member.role)}
      </span>
    </li>
  );
}

/**
 * Community search (docs/screens.md): basic and premium members, 15 per page, debounced search; with the
 * community inside the portal (the communityMode setting), a link to it.
 */
export function CommunitySearch({ className }: { className?: string }) {
  const roleId = useId();
  const { settings } = usePortalSettings();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<CommunityRoleFilter>('');
  const [cityOrState, setCityOrState] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const debouncedPlace = useDebouncedValue(cityOrState.trim(), SEARCH_DEBOUNCE_MS);

  // The page belongs to one set of filters; new filters start again at page 1.
  const filterKey = JSON.stringify([debouncedSearch, role, debouncedPlace]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const { data, error, isLoading, isFetching, refetch } = useGetCommunityQuery({
    page,
    search: debouncedSearch,
    role,
    cityOrState: debouncedPlace,
  });

  let body;
  if (isLoading) body = <Loading label="Loading members…" />;
  else if (error && !data) body = <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  else if (!data || data.users.length === 0) body = <EmptyState title={MESSAGES.noRainmakers} />;
  else
    body = (
      <>
        {error && (
          <Banner kind="error" className="mb-3">
            {toApiError(error).message}
          </Banner>
        )}
        <Refreshing busy={isFetching}>
          <ul aria-label="Members" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {data.users.map((m) => (
              <MemberRow key={m.id} member={m} />
            ))}
          </ul>
        </Refreshing>
        <Pager
          page={page}
          perPage={COMMUNITY_PAGE_SIZE}
          totalCount={data.totalCount}
          disabled={isFetching}
          label="Members pages"
          onPageChange={(p) => setPaging({ key: filterKey, page: p })}
        />
      </>
    );

  return (
    <Card className={className}>
      <CardHeader
        title="Community"
        description="Find other Rainmakers by name, membership or location."
        actions={
          communityModeOf(settings.communityMode) === 'portal' ? (
            <Link to="/community" className={buttonClasses('secondary', 'sm')}>
              {MESSAGES.communityOpen}
            </Link>
          ) : undefined
        }
      />
      <div className="px-5 py-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField
            label="Search"
            type="search"
            placeholder="Search by name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div>
            <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-gray-700">
              Role
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value as CommunityRoleFilter)}
              className={inputClasses(false, 'select')}
            >
              <option value="">All</option>
              <option value="basic">Basic</option>
              <option value="premium">Premium</option>
            </select>
          </div>
          <TextField
            label="City or state"
            placeholder="e.g. Austin or Texas"
            value={cityOrState}
            onChange={(e) => setCityOrState(e.target.value)}
          />
        </div>
        <div className="mt-4">{body}</div>
      </div>
    </Card>
  );
}
