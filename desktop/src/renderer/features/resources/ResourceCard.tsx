import type { Resource } from '@shared/types';
import { cn } from '../../lib/cn';
import { ResourceCover } from './DefaultCover';
import { actionLabel, badges, truncateDescription } from './resourceView';

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

/**
 * A resource card (SPEC §2): cover or default image, title, description cut at 80 characters,
 * type, price or status, categories, and the action opening it (SPEC §6). Admins get Edit.
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
  return (
    <article
      aria-label={resource.title}
      className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xs transition-shadow hover:shadow-md"
    >
      <ResourceCover resource={resource} className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="gray">{resource.type}</Badge>
          {badges(resource).map((b) => (
            <Badge key={b.text} tone={b.tone}>
              {b.text}
            </Badge>
          ))}
        </div>
        <h3 className="text-base font-semibold text-gray-900">{resource.title}</h3>
        {description && (
          <p
            className="text-sm text-gray-600"
            title={resource.description ?? undefined}
            data-testid="resource-description"
          >
            {description}
          </p>
        )}
        {resource.ResourceCategories.length > 0 && (
          <p className="text-xs text-gray-500">
            <span className="sr-only">Categories: </span>
            {resource.ResourceCategories.map((c) => c.name).join(' · ')}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <button
            type="button"
            onClick={() => onOpen(resource)}
            aria-label={`${actionLabel(resource)}: ${resource.title}`}
            className="inline-flex h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {actionLabel(resource)}
          </button>
          {onEdit && (
            <button
              type="button"
              onClick={() => onEdit(resource)}
              aria-label={`Edit ${resource.title}`}
              className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-gray-700 ring-1 ring-inset ring-gray-300 hover:bg-gray-50"
            >
              Edit
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
