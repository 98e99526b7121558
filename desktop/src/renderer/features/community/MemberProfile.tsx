import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { CommunityProfile, CommunityProfileVisibility } from '@shared/types';
import { Avatar } from '../../components/Avatar';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Checkbox } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { roleLabel } from '../shell/SwitchRolesDialog';
import { usePageTitle } from '../shell/pageTitles';
import {
  useGetCommunityMemberQuery,
  useGetCommunitySpacesQuery,
  useSaveCommunityVisibilityMutation,
} from './communityApi';
import { postCount, spaceLink } from './communityView';
import { FeedSkeleton, PostCard } from './PostCard';

const memberSince = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

function BackLink() {
  return (
    <Link
      to={spaceLink()}
      className="inline-flex items-center gap-1 self-start rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      ← {MESSAGES.communityBack}
    </Link>
  );
}

/**
 * /community/member/:id (docs/areas/community.md#profiles): a member's name and photo, and their
 * location, membership, member since and newest posts as far as they show them (GET
 * /api/community/member/:id decides); one's own profile whole, with what others see to change.
 */
export function MemberProfile() {
  const params = useParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const { data, error, isLoading, refetch } = useGetCommunityMemberQuery(id, { skip: id === 0 });
  usePageTitle(data?.profile.fullName);

  if (isLoading)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <BackLink />
        <FeedSkeleton rows={2} />
      </div>
    );
  if (!data) {
    const err = id === 0 ? null : toApiError(error);
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <BackLink />
        {err && err.status !== 404 ? (
          <LoadError title={MESSAGES.communityProfileLoadFailed} onRetry={() => void refetch()}>
            {err.message}
          </LoadError>
        ) : (
          <Banner kind="error">{MESSAGES.communityProfileNotFound}</Banner>
        )}
      </div>
    );
  }
  const { profile, visibility } = data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <BackLink />
      <ProfileHeader profile={profile} />
      {visibility && <VisibilityForm key={JSON.stringify(visibility)} visibility={visibility} />}
      <ProfilePosts profile={profile} />
    </div>
  );
}

function ProfileHeader({ profile }: { profile: CommunityProfile }) {
  const facts: Array<[string, string]> = [];
  if (profile.role) facts.push([MESSAGES.communityProfileRole, roleLabel(profile.role)]);
  if (profile.location) facts.push([MESSAGES.communityProfileLocation, profile.location]);
  if (profile.memberSince) facts.push([MESSAGES.communityProfileMemberSince, memberSince(profile.memberSince)]);
  return (
    <section
      aria-labelledby="member-name"
      className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:flex-row sm:items-center sm:p-6"
    >
      <Avatar photoUrl={profile.avatar} fullName={profile.fullName} size="lg" className="shrink-0" />
      <div className="min-w-0">
        <h1 id="member-name" className="text-2xl font-semibold tracking-tight break-words text-gray-900">
          {profile.fullName}
        </h1>
        {facts.length > 0 && (
          <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-gray-500">{term}</dt>
                <dd className="mb-1 break-words text-gray-900 sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

const FIELDS: Array<[keyof CommunityProfileVisibility, string]> = [
  ['showLocation', MESSAGES.communityProfileLocation],
  ['showRole', MESSAGES.communityProfileRole],
  ['showMemberSince', MESSAGES.communityProfileMemberSince],
  ['showPosts', MESSAGES.communityProfilePosts],
];

/** One's own profile: which of the fields other members see (PUT /api/community/profile). */
function VisibilityForm({ visibility }: { visibility: CommunityProfileVisibility }) {
  const [choice, setChoice] = useState(visibility);
  const [save, { isLoading }] = useSaveCommunityVisibilityMutation();
  const changed = FIELDS.some(([key]) => choice[key] !== visibility[key]);
  return (
    <section
      aria-labelledby="member-visibility"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <h2 id="member-visibility" className="text-base font-semibold text-gray-900">
        {MESSAGES.communityVisibilityTitle}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{MESSAGES.communityVisibilityHelp}</p>
      <p className="mt-1 text-sm text-gray-600">{MESSAGES.communityProfileOwnNotice}</p>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save(choice);
        }}
      >
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="sr-only">{MESSAGES.communityVisibilityTitle}</legend>
          {FIELDS.map(([key, label]) => (
            <Checkbox
              key={key}
              label={label}
              checked={choice[key]}
              onChange={(e) => setChoice((c) => ({ ...c, [key]: e.target.checked }))}
            />
          ))}
        </fieldset>
        <div>
          <Button type="submit" size="sm" loading={isLoading} disabled={!changed}>
            {MESSAGES.communityVisibilitySave}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ProfilePosts({ profile }: { profile: CommunityProfile }) {
  const spaces = useGetCommunitySpacesQuery();
  const names = new Map((spaces.data ?? []).map((s) => [s.id, s.name]));
  let body;
  if (profile.postCount === null)
    body = (
      <p className="text-sm text-gray-600">
        {fillMessage(MESSAGES.communityProfilePostsHidden, { name: profile.fullName })}
      </p>
    );
  else if (profile.posts.length === 0) body = <EmptyState title={MESSAGES.communityProfileNoPosts} />;
  else
    body = (
      <ul aria-label={MESSAGES.communityProfilePosts} className="flex flex-col gap-3">
        {profile.posts.map((p) => (
          <li key={p.id}>
            <PostCard post={p} spaceName={names.get(p.spaceId)} />
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="member-posts" className="flex flex-col gap-3">
      <h2 id="member-posts" className="text-lg font-semibold text-gray-900">
        {MESSAGES.communityProfilePosts}
        {profile.postCount !== null && (
          <span className="ml-1 text-sm font-normal text-gray-500">({postCount(profile.postCount)})</span>
        )}
      </h2>
      {body}
    </section>
  );
}
