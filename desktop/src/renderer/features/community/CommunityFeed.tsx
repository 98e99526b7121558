import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { fillMessage, MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { COMMUNITY_LIMITS } from '@shared/schemas/community';
import { communityModeOf } from '@shared/schemas/settings';
import { Banner, LoadError } from '../../components/Banner';
import { Button, buttonClasses } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { inputClasses } from '../../components/FormFields';
import { PlusIcon, SearchIcon } from '../../components/icons';
import { Pager } from '../../components/Pager';
import { Refreshing } from '../../components/Refreshing';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useQueryParams } from '../../lib/useQueryParams';
import { usePortalSettings } from '../settings/usePortalSettings';
import { useGetCommunityPostsQuery, useGetCommunitySpacesQuery } from './communityApi';
import { memberLink, postableSpaces } from './communityView';
import { FeedSkeleton, PostCard } from './PostCard';
import { PostFormDialog } from './PostFormDialog';
import { SpaceNav } from './SpaceNav';
import { useLiveSpace } from './useLiveSpace';

const PER_PAGE = COMMUNITY_LIMITS.postsPerPage;
const positive = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * /community: the spaces (All spaces first), the feed of the one picked (?space=; pinned first, then the
 * newest), a debounced full-text search (?q=) and the pager (?page=), and "New post" for the spaces the
 * member may post in. Moderators get the report queue's link, admins the spaces' too.
 */
export function CommunityFeed() {
  const user = useAppSelector(selectCurrentUser);
  const { settings } = usePortalSettings();
  const [params, updateParams] = useQueryParams();
  const spaceId = positive(params.get('space'));
  const page = positive(params.get('page')) ?? 1;
  const q = (params.get('q') ?? '').slice(0, COMMUNITY_LIMITS.queryMax);
  const [term, setTerm] = useState(q);
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  // "Share as a win" from a completed card (docs/areas/community.md#wins-from-the-board): the composer
  // opens in Wins with the card's title; the address forgets it so a reload does not open it again.
  const [sharing] = useState(() =>
    params.get('share') === 'win' ? (params.get('title') ?? '').slice(0, COMMUNITY_LIMITS.titleMax) : null,
  );
  const [composing, setComposing] = useState(sharing !== null);
  useEffect(() => {
    if (sharing !== null) updateParams({ share: null, title: null }, { replace: true });
  }, [sharing, updateParams]);

  // The typed search goes into the address once it settles (page 1 again); an address that changes
  // otherwise (the sidebar's link, back and forward) puts its search into the box.
  const written = useRef(q);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    updateParams({ q: search || null, page: null }, { replace: true });
  }, [search, updateParams]);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setTerm(q);
  }, [q]);

  const spaces = useGetCommunitySpacesQuery();
  // An open space is live: a post or comment made elsewhere comes in without a reload.
  useLiveSpace(spaceId);
  const posts = useGetCommunityPostsQuery(
    { ...(spaceId ? { spaceId } : {}), page, itemsPerPage: PER_PAGE, q },
    { skip: !spaces.data || spaces.data.length === 0 },
  );
  const postable = postableSpaces(spaces.data);
  const current = spaces.data?.find((s) => s.id === spaceId) ?? null;
  const names = new Map((spaces.data ?? []).map((s) => [s.id, s.name]));
  const moderator = can(user, 'community:moderate');
  const admin = can(user, 'community:manage');

  const actions = (
    <>
      {user && (
        <Link to={memberLink(user.id)} className={buttonClasses('secondary')}>
          {MESSAGES.communityYourProfile}
        </Link>
      )}
      {moderator && (
        <Link to="/community/moderation" className={buttonClasses('secondary')}>
          {MESSAGES.communityModerationLink}
        </Link>
      )}
      {admin && (
        <Link to="/community/spaces" className={buttonClasses('secondary')}>
          {MESSAGES.communityManageSpaces}
        </Link>
      )}
      {postable.length > 0 && (
        <Button onClick={() => setComposing(true)}>
          <PlusIcon />
          {MESSAGES.communityNewPost}
        </Button>
      )}
    </>
  );

  let feed;
  if (posts.isLoading || (spaces.isLoading && !spaces.data)) feed = <FeedSkeleton />;
  else if (posts.error && !posts.data)
    feed = (
      <LoadError title={MESSAGES.communityPostsLoadFailed} onRetry={() => void posts.refetch()}>
        {toApiError(posts.error).message}
      </LoadError>
    );
  else if (!posts.data || posts.data.posts.length === 0)
    feed = q ? (
      <EmptyState
        title={fillMessage(MESSAGES.communityNoResults, { term: q })}
        description={MESSAGES.communityNoResultsHint}
      />
    ) : (
      <EmptyState
        title={MESSAGES.communityNoPosts}
        description={MESSAGES.communityNoPostsHint}
        action={
          postable.length > 0 && (!current || current.canPost) ? (
            <Button onClick={() => setComposing(true)}>{MESSAGES.communityNewPost}</Button>
          ) : undefined
        }
      />
    );
  else
    feed = (
      <>
        <Refreshing busy={posts.isFetching}>
          <ul aria-label={MESSAGES.communityFeedLabel} className="flex flex-col gap-3">
            {posts.data.posts.map((p) => (
              <li key={p.id}>
                <PostCard post={p} spaceName={spaceId ? undefined : names.get(p.spaceId)} />
              </li>
            ))}
          </ul>
        </Refreshing>
        <Pager
          page={page}
          perPage={PER_PAGE}
          totalCount={posts.data.total}
          disabled={posts.isFetching}
          label="Posts pages"
          onPageChange={(p) => {
            updateParams({ page: p > 1 ? String(p) : null });
            document.getElementById('community-feed-title')?.scrollIntoView();
          }}
        />
      </>
    );

  let body;
  if (spaces.error && !spaces.data)
    body = (
      <LoadError title={MESSAGES.communitySpacesLoadFailed} onRetry={() => void spaces.refetch()}>
        {toApiError(spaces.error).message}
      </LoadError>
    );
  else if (spaces.data && spaces.data.length === 0)
    body = (
      <EmptyState
        title={MESSAGES.communityNoSpaces}
        description={admin ? MESSAGES.communitySpacesEmptyHint : MESSAGES.communityNoSpacesHint}
        action={
          admin ? (
            <Link to="/community/spaces" className={buttonClasses('primary')}>
              {MESSAGES.communityManageSpaces}
            </Link>
          ) : undefined
        }
      />
    );
  else
    body = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        {spaces.data ? <SpaceNav spaces={spaces.data} current={spaceId} q={q} /> : <div aria-hidden="true" />}
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h2 id="community-feed-title" className="scroll-mt-4 text-lg font-semibold text-gray-900">
                {current?.name ?? MESSAGES.communityAllSpaces}
              </h2>
              {current?.description && <p className="text-sm text-gray-600">{current.description}</p>}
            </div>
            <div className="relative w-full sm:w-72">
              <label htmlFor="community-search" className="sr-only">
                {MESSAGES.communitySearchLabel}
              </label>
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
              <input
                id="community-search"
                type="search"
                value={term}
                maxLength={COMMUNITY_LIMITS.queryMax}
                placeholder={MESSAGES.communitySearchPlaceholder}
                onChange={(e) => setTerm(e.target.value)}
                className={`${inputClasses(false)} pl-9`}
              />
            </div>
          </div>
          {feed}
        </div>
      </div>
    );

  return (
    <div>
      <PageHeader title={MESSAGES.communityTitle} description={MESSAGES.communityDescription} actions={actions} />
      {admin && communityModeOf(settings.communityMode) === 'external' && (
        <Banner kind="info" className="mb-4">
          {MESSAGES.communityExternalNotice}{' '}
          <Link to="/portal-settings" className="font-medium underline">
            Portal settings
          </Link>
        </Banner>
      )}
      {body}
      {composing && spaces.data && (
        <PostFormDialog
          spaces={postable}
          spaceId={sharing !== null ? postable.find((s) => s.name === 'Wins')?.id : (spaceId ?? undefined)}
          initialTitle={sharing !== null ? fillMessage(MESSAGES.communityWinTitle, { title: sharing }) : undefined}
          onClose={() => setComposing(false)}
        />
      )}
    </div>
  );
}
