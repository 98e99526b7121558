import { useId, useState } from 'react';
import type { ResourceRef } from '@shared/types';
import { Spinner } from '../../components/Spinner';
import { inputClasses } from '../../components/TextField';
import { toApiError } from '../../app/errors';
import { cn } from '../../lib/cn';
import { useGetResourcesQuery } from './resourcesApi';

/** Above this many resources a filter box helps find one. */
const FILTER_FROM = 8;

/**
 * The user form's admin-only 'Owned Resources' multi-select (SPEC §2): the chosen resources as
 * removable chips, then every resource as a checkbox, with a filter box when the list is long.
 * `known` names chosen resources the list has not loaded (the user's current Resources).
 */
export function OwnedResourcesPicker({
  selected,
  onChange,
  known = [],
}: {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  known?: readonly ResourceRef[];
}) {
  const { data: resources, isLoading, error } = useGetResourcesQuery({});
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const label = 'Owned Resources';
  const chosen = new Set(selected);
  const titles = new Map<number, string>([
    ...known.map((r) => [r.id, r.title] as const),
    ...(resources ?? []).map((r) => [r.id, r.title] as const),
  ]);
  const toggle = (id: number) => onChange(chosen.has(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const needle = filter.trim().toLowerCase();
  const shown = (resources ?? []).filter((r) => !needle || r.title.toLowerCase().includes(needle));

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-gray-700">{label}</legend>
      <p className="-mt-1 mb-2 text-xs text-gray-500">
        The member can open these whatever their visibility (bought or given).
      </p>
      {selected.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Chosen owned resources">
          {selected.map((id) => {
            const title = titles.get(id) ?? `Resource ${id}`;
            return (
              <li key={id}>
                <span className="inline-flex items-center gap-1 rounded-full bg-green-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-green-800 ring-1 ring-green-200">
                  {title}
                  <button
                    type="button"
                    className="rounded-full px-1 text-green-700 hover:bg-green-100"
                    aria-label={`Remove ${title}`}
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
          <Spinner /> Loading resources…
        </p>
      ) : error && !resources ? (
        <p className="text-sm text-red-700" role="alert">
          {toApiError(error).message}
        </p>
      ) : !resources || resources.length === 0 ? (
        <p className="text-sm text-gray-500">No resources yet.</p>
      ) : (
        <>
          {resources.length > FILTER_FROM && (
            <div className="mb-2">
              <label htmlFor={filterId} className="sr-only">
                Filter owned resources
              </label>
              <input
                id={filterId}
                type="search"
                placeholder="Filter resources"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                className={inputClasses(false)}
              />
            </div>
          )}
          <div
            role="group"
            aria-label="All resources"
            className="grid max-h-44 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-gray-200 p-2 sm:grid-cols-2"
          >
            {shown.length === 0 && <p className="px-1 text-sm text-gray-500">No resource matches “{filter}”.</p>}
            {shown.map((r) => (
              <label
                key={r.id}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-gray-800 hover:bg-gray-50',
                  chosen.has(r.id) && 'bg-green-50/60',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 rounded border-gray-300 accent-brand-600"
                  checked={chosen.has(r.id)}
                  onChange={() => toggle(r.id)}
                />
                <span className="truncate">{r.title}</span>
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
