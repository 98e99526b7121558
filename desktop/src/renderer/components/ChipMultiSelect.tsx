import { useId, useState } from 'react';
import { toApiError } from '../lib/apiErrors';
import { cn } from '../lib/cn';
import { inputClasses } from './FormFields';
import { Spinner } from './Spinner';

/** Above this many choices a filter box helps find one. */
const FILTER_FROM = 8;

const TONES = {
  brand: {
    chip: 'bg-brand-50 text-brand-800 ring-brand-200',
    remove: 'text-brand-700 hover:bg-brand-100',
    row: 'bg-brand-50/60',
  },
  green: {
    chip: 'bg-green-50 text-green-800 ring-green-200',
    remove: 'text-green-700 hover:bg-green-100',
    row: 'bg-green-50/60',
  },
} as const;

/**
 * A multi-select: the chosen items as removable chips, then every item as a checkbox (keyboard
 * and screen-reader friendly), with a filter box when the list is long. Used for tags and for
 * the resources a user owns.
 */
export function ChipMultiSelect({
  label,
  description,
  selected,
  onChange,
  items,
  isLoading,
  error,
  noun,
  empty,
  groupLabel = label,
  names,
  tone = 'brand',
  disabled = false,
}: {
  label: string;
  description?: string;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** Every choice; undefined until loaded. */
  items: ReadonlyArray<{ id: number; name: string }> | undefined;
  isLoading: boolean;
  error: unknown;
  /** What one item is called, e.g. { one: 'tag', many: 'tags', title: 'Tag' }. */
  noun: { one: string; many: string; title: string };
  /** Shown when there are no items at all. */
  empty: string;
  /** The accessible name of the checkbox group. */
  groupLabel?: string;
  /** Names of chosen items the list may not hold (e.g. the user's current ones). */
  names?: ReadonlyMap<number, string>;
  tone?: keyof typeof TONES;
  disabled?: boolean;
}) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const descId = useId();
  const colors = TONES[tone];
  const chosen = new Set(selected);
  const byId = new Map<number, string>([...(names ?? []), ...(items ?? []).map((i) => [i.id, i.name] as const)]);
  const toggle = (id: number) => onChange(chosen.has(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const needle = filter.trim().toLowerCase();
  const shown = (items ?? []).filter((i) => !needle || i.name.toLowerCase().includes(needle));

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
            const name = byId.get(id) ?? `${noun.title} ${id}`;
            return (
              <li key={id}>
                <span
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-medium ring-1',
                    colors.chip,
                  )}
                >
                  {name}
                  <button
                    type="button"
                    className={cn('rounded-full px-1 disabled:opacity-50', colors.remove)}
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
          <Spinner /> Loading {noun.many}…
        </p>
      ) : error && !items ? (
        <p className="text-sm text-red-700" role="alert">
          {toApiError(error).message}
        </p>
      ) : !items || items.length === 0 ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <>
          {items.length > FILTER_FROM && (
            <div className="mb-2">
              <label htmlFor={filterId} className="sr-only">
                Filter {label.toLowerCase()}
              </label>
              <input
                id={filterId}
                type="search"
                placeholder={`Filter ${noun.many}`}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                className={inputClasses(false)}
              />
            </div>
          )}
          <div
            role="group"
            aria-label={groupLabel}
            className="grid max-h-44 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-gray-200 p-2 sm:grid-cols-2"
          >
            {shown.length === 0 && (
              <p className="px-1 text-sm text-gray-500">
                No {noun.one} matches “{filter}”.
              </p>
            )}
            {shown.map((item) => (
              <label
                key={item.id}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-gray-800 hover:bg-gray-50',
                  chosen.has(item.id) && colors.row,
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 rounded border-gray-300 accent-brand-600"
                  checked={chosen.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
                <span className="truncate">{item.name}</span>
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
