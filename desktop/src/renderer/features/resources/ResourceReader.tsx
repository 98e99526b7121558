import { useEffect } from 'react';
import type { Resource } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { ArticleMarkdown, withoutRepeatedTitle } from './ArticleMarkdown';
import { ResourceCover } from './DefaultCover';
import { Badge } from './ResourceCard';
import { actionLabel, badges, formatDate, openingOf } from './resourceView';
import { track } from '../analytics/tracker';
import { useGetResourceQuery } from './resourcesApi';

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onBack} data-autofocus>
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path d="M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z" />
      </svg>
      Back to resources
    </Button>
  );
}

/**
 * The reader (/resources?id={id}): an article in the page with a back button. A resource of
 * another type shows its summary and its action; a locked one its price and the way to buy it.
 */
export function ResourceReader({
  id,
  onBack,
  onAction,
}: {
  id: number;
  onBack: () => void;
  onAction: (resource: Resource) => void;
}) {
  const { data: resource, error, isLoading, refetch } = useGetResourceQuery(id);
  const openedId = resource?.id;
  useEffect(() => {
    if (openedId !== undefined) track('resource_opened', { resourceId: openedId });
  }, [openedId]);
  if (isLoading) return <Loading label="Loading the resource…" />;
  if (error || !resource) {
    const err = toApiError(error);
    return (
      <div className="flex flex-col items-start gap-4">
        <BackButton onBack={onBack} />
        <Banner
          kind="error"
          action={
            err.status !== 404 ? (
              <Button size="sm" variant="secondary" onClick={() => void refetch()}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {err.status === 404 ? 'This resource is not available.' : err.message}
        </Banner>
      </div>
    );
  }
  const opening = openingOf(resource);
  const showArticle = opening === 'article' && resource.content !== null;
  return (
    <article aria-labelledby="resource-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <BackButton onBack={onBack} />
      </div>
      {resource.coverPhotoUrl && <ResourceCover resource={resource} className="aspect-[3/1] w-full rounded-xl" />}
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="gray">{resource.type}</Badge>
          {badges(resource).map((b) => (
            <Badge key={b.text} tone={b.tone}>
              {b.text}
            </Badge>
          ))}
        </div>
        <h1 id="resource-title" className="text-2xl font-semibold tracking-tight text-gray-900">
          {resource.title}
        </h1>
        <p className="text-sm text-gray-500">
          {formatDate(resource.publishedAt ?? resource.createdAt)}
          {resource.ResourceCategories.length > 0 && ` · ${resource.ResourceCategories.map((c) => c.name).join(', ')}`}
        </p>
      </header>
      {showArticle ? (
        <ArticleMarkdown>{withoutRepeatedTitle(resource.content ?? '', resource.title)}</ArticleMarkdown>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-gray-200 bg-white p-5">
          {resource.description && <p className="text-gray-700">{resource.description}</p>}
          {opening !== 'unavailable' ? (
            <Button onClick={() => onAction(resource)}>{actionLabel(resource)}</Button>
          ) : (
            <p className="text-sm text-gray-500">This resource is not available to you yet.</p>
          )}
        </div>
      )}
    </article>
  );
}
