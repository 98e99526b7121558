import type { Resource } from '@shared/types';
import { cn } from '../../lib/cn';
import { ResourceCover } from './DefaultCover';
import { buttonClasses } from '../../components/Button';
import { ChevronIcon, ExternalIcon } from '../../components/icons';
import { actionLabel, badges, openingOf, truncateDescription } from './resourceView';

const TONES = {
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/20',
};

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** Where a resource's action takes the member: out of the app (a link or a store page) or in it. */
const leavesApp = (resource: Resource) => ['link', 'purchase-url', 'upgrade'].includes(openingOf(resource));

/**
 * A resource in the library list (docs/areas/resources.md#screens): a small cover or default image, title, description
 * cut at 80 characters, type, price or status, categories, and the action opening it (docs/areas/resources.md#who-may-do-what),
 * a quiet button: the page's only filled button is its own primary action. Admins get Edit.
 */
export function ResourceCard({
  resource,
  onOpen,
  onEdit,
}: {
  resource: Resource;
  onOpen: (resource: Resource) => void;
  onEdit?: (resource: Resource) => void;
}) {
  const description = truncateDescription(resource.description);
  const label = actionLabel(resource);
  return (
    <article
      aria-label={resource.title}
      className="flex h-full w-full gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-xs transition-colors hover:border-brand-300 sm:gap-4 sm:p-4"
    >
      <ResourceCover resource={resource} className="size-14 shrink-0 rounded-lg sm:size-20" compact />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="text-sm leading-snug font-semibold text-gray-900 sm:text-base">{resource.title}</h3>
        {description && (
          <p
            className="text-sm text-gray-600"
            title={resource.description ?? undefined}
            data-testid="resource-description"
          >
            {description}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="gray">{resource.type}</Badge>
          {badges(resource).map((b) => (
            <Badge key={b.text} tone={b.tone}>
              {b.text}
            </Badge>
          ))}
          {resource.ResourceCategories.length > 0 && (
            <span className="text-xs text-gray-600">
              <span className="sr-only">Categories: </span>
              {resource.ResourceCategories.map((c) => c.name).join(' · ')}
            </span>
          )}
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          <button
            type="button"
            onClick={() => onOpen(resource)}
            aria-label={`${label}: ${resource.title}`}
            className={buttonClasses('secondary', 'sm')}
          >
            {label}
            {leavesApp(resource) ? <ExternalIcon className="size-3.5" /> : <ChevronIcon className="size-3.5" />}
          </button>
          {onEdit && (
            <button
              type="button"
              onClick={() => onEdit(resource)}
              aria-label={`Edit ${resource.title}`}
              className={buttonClasses('ghost', 'sm')}
            >
              Edit
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
