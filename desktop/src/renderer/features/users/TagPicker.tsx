import { useId, useState } from 'react';
import type { Tag } from '@shared/types';
import { inputClasses } from '../../components/TextField';
import { Spinner } from '../../components/Spinner';
import { toApiError } from '../../app/errors';
import { cn } from '../../lib/cn';
import { useGetTagsQuery } from '../tags/tagsApi';

/** Above this many tags a filter box helps find one. */
const FILTER_FROM = 8;

/**
 * A multi-select of tags: the chosen ones as removable chips, then every tag as a checkbox
 * (keyboard and screen-reader friendly), with a filter box when the list is long.
 */
export function TagPicker({
  label,
  selected,
  onChange,
  disabled = false,
  description,
}: {
  label: string;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  description?: string;
}) {
  const { data: tags, isLoading, error } = useGetTagsQuery();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const descId = useId();
  const chosen = new Set(selected);
  const byId = new Map((tags ?? []).map((t) => [t.id, t]));
  const toggle = (tag: Tag) =>
    onChange(chosen.has(tag.id) ? selected.filter((id) => id !== tag.id) : [...selected, tag.id]);
  const needle = filter.trim().toLowerCase();
  const shown = (tags ?? []).filter((t) => !needle || t.name.toLowerCase().includes(needle));

  return (
    <fieldset disabled={disabled} className="min-w-0" aria-describedby={description ? descId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{label}</legend>
      {description && (
        <p id={descId} className="-mt-1 mb-2 text-xs text-gray-500">
          {description}
        </p>
      )}
      {selected.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
          {selected.map((id) => {
            const tag = byId.get(id);
            const name = tag?.name ?? `Tag ${id}`;
            return (
              <li key={id}>
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
                  {name}
                  <button
                    type="button"
                    className="rounded-full px-1 text-brand-700 hover:bg-brand-100 disabled:opacity-50"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(selected.filter((x) => x !== id))}
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {isLoading ? (
        <p className="flex items-center gap-2 text-sm text-gray-500" role="status">
          <Spinner /> Loading tags…
        </p>
      ) : error && !tags ? (
        <p className="text-sm text-red-700" role="alert">
          {toApiError(error).message}
        </p>
      ) : !tags || tags.length === 0 ? (
        <p className="text-sm text-gray-500">No tags yet. Add them in Tag Management.</p>
      ) : (
        <>
          {tags.length > FILTER_FROM && (
            <div className="mb-2">
              <label htmlFor={filterId} className="sr-only">
                Filter {label.toLowerCase()}
              </label>
              <input
                id={filterId}
                type="search"
                placeholder="Filter tags"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                className={inputClasses(false)}
              />
            </div>
          )}
          <div
            role="group"
            aria-label={label}
            className="grid max-h-44 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-gray-200 p-2 sm:grid-cols-2"
          >
            {shown.length === 0 && <p className="px-1 text-sm text-gray-500">No tag matches “{filter}”.</p>}
            {shown.map((tag) => (
              <label
                key={tag.id}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-gray-800 hover:bg-gray-50',
                  chosen.has(tag.id) && 'bg-brand-50/60',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 rounded border-gray-300 accent-brand-600"
                  checked={chosen.has(tag.id)}
                  onChange={() => toggle(tag)}
                />
                <span className="truncate">{tag.name}</span>
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
