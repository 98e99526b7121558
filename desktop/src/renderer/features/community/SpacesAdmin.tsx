import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import type { CommunitySpace } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { EditIcon, PlusIcon } from '../../components/icons';
import { Refreshing } from '../../components/Refreshing';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { useGetTagsQuery } from '../tags/tagsApi';
import { useGetCommunitySpacesQuery } from './communityApi';
import { postCount, rolesText, spaceLink } from './communityView';
import { SpaceFormDialog } from './SpaceFormDialog';

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{term}</dt>
      <dd className="text-sm break-words text-gray-800">{children}</dd>
    </div>
  );
}

function SpaceRow({
  space,
  tagNames,
  onEdit,
}: {
  space: CommunitySpace;
  tagNames: ReadonlyMap<number, string>;
  onEdit: () => void;
}) {
  const tags = space.tagIds.map((id) => tagNames.get(id) ?? `Tag ${id}`).join(', ');
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold break-words text-gray-900">
          <Link to={spaceLink(space.id)} className="hover:text-brand-700 hover:underline">
            {space.name}
          </Link>
          <span className="ml-2 text-sm font-normal text-gray-500">{postCount(space.postCount)}</span>
        </h2>
        {space.description && <p className="mt-0.5 text-sm break-words text-gray-600">{space.description}</p>}
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Fact term={MESSAGES.communitySpaceRoles}>{rolesText(space.roles, MESSAGES.communityEveryRole)}</Fact>
          <Fact term={MESSAGES.communitySpaceTags}>{tags || MESSAGES.communityNoTagNeeded}</Fact>
          <Fact term={MESSAGES.communitySpacePostingRoles}>
            {rolesText(space.postingRoles, MESSAGES.communityEveryone)}
          </Fact>
        </dl>
      </div>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${MESSAGES.communityEdit}: ${space.name}`}>
        <EditIcon />
        {MESSAGES.communityEdit}
      </Button>
    </li>
  );
}

/** /community/spaces (admins): the spaces, in order, with who sees each and who may post; New, Edit and Delete. */
export function SpacesAdmin() {
  const { data, error, isLoading, isFetching, refetch } = useGetCommunitySpacesQuery();
  const tags = useGetTagsQuery();
  const tagNames = new Map((tags.data ?? []).map((t) => [t.id, t.name]));
  const [editing, setEditing] = useState<CommunitySpace | 'new' | null>(null);

  let body;
  if (isLoading) body = <Loading label="Loading spaces…" />;
  else if (error && !data)
    body = (
      <LoadError title={MESSAGES.communitySpacesLoadFailed} onRetry={() => void refetch()}>
        {toApiError(error).message}
      </LoadError>
    );
  else if (!data || data.length === 0)
    body = (
      <EmptyState
        title={MESSAGES.communityNoSpaces}
        description={MESSAGES.communitySpacesEmptyHint}
        action={<Button onClick={() => setEditing('new')}>{MESSAGES.communityNewSpace}</Button>}
      />
    );
  else
    body = (
      <Refreshing busy={isFetching}>
        <ul aria-label={MESSAGES.communitySpacesLabel} className="flex flex-col gap-3">
          {data.map((s) => (
            <SpaceRow key={s.id} space={s} tagNames={tagNames} onEdit={() => setEditing(s)} />
          ))}
        </ul>
      </Refreshing>
    );

  return (
    <div className="mx-auto max-w-4xl">
      <Link
        to="/community"
        className="mb-3 inline-flex rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        ← {MESSAGES.communityBack}
      </Link>
      <PageHeader
        title={MESSAGES.communitySpacesTitle}
        description={MESSAGES.communitySpacesDescription}
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon />
            {MESSAGES.communityNewSpace}
          </Button>
        }
      />
      {body}
      {editing && (
        <SpaceFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          space={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
