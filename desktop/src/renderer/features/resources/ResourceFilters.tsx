import { useId, useState } from 'react';
import type { ResourceCategory, ResourceListType } from '@shared/types';
import { CheckboxRow, inputClasses } from '../../components/FormFields';
import { ChevronIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

const TYPE_LABELS: Record<ResourceListType, string> = {
  all: 'All',
  marketplace: 'Marketplace',
  'my-purchases': 'My Purchases',
};

/**
 * The Resources page's filters (docs/areas/resources.md#screens): search box, type radios, category checkboxes. On narrow
 * screens the types sit in one row and the categories fold behind a button (with the number
 * chosen), so the list starts near the top of the page.
 */
export function ResourceFilters({
  search,
  onSearch,
  type,
  onType,
  categories,
  selected,
  onToggleCategory,
  onClearCategories,
  categoriesError,
  manageCategories,
}: {
  search: string;
  onSearch: (value: string) => void;
  type: ResourceListType;
  onType: (value: ResourceListType) => void;
  categories: readonly ResourceCategory[] | undefined;
  selected: readonly number[];
  onToggleCategory: (id: number) => void;
  onClearCategories: () => void;
  categoriesError: boolean;
  manageCategories?: () => void;
}) {
  const searchId = useId();
  const categoriesId = useId();
  const [showCategories, setShowCategories] = useState(false);
  return (
    <aside
      aria-label="Filters"
      className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-xs lg:gap-5 lg:self-start"
    >
      <div>
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-gray-700">
          Search resources
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Title or description"
          autoComplete="off"
          className={inputClasses(false)}
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-gray-700">Type</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 lg:flex-col lg:gap-1">
          {(Object.keys(TYPE_LABELS) as ResourceListType[]).map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm text-gray-800 hover:bg-gray-50"
            >
              <input
                type="radio"
                name="resource-type"
                value={value}
                checked={type === value}
                onChange={() => onType(value)}
                className="size-4 accent-brand-600"
              />
              {TYPE_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        aria-expanded={showCategories}
        aria-controls={categoriesId}
        onClick={() => setShowCategories((v) => !v)}
        className="-my-1 flex items-center justify-between rounded-lg py-1 text-sm font-medium text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-500 lg:hidden"
      >
        <span>
          Choose categories
          {selected.length > 0 && (
            <>
              {' '}
              <span className="text-brand-700">({selected.length} chosen)</span>
            </>
          )}
        </span>
        <ChevronIcon className={cn('size-4 shrink-0 transition-transform', showCategories && 'rotate-90')} />
      </button>
      <fieldset id={categoriesId} className={cn(!showCategories && 'hidden', 'lg:block')}>
        <div className="mb-1.5 flex items-center justify-between gap-2">
          <legend className="text-sm font-medium text-gray-700">Categories</legend>
          {selected.length > 0 && (
            <button
              type="button"
              onClick={onClearCategories}
              className="text-xs font-medium text-brand-700 hover:underline"
            >
              Clear
            </button>
          )}
        </div>
        {categoriesError ? (
          <p className="text-sm text-red-600">The categories could not be loaded.</p>
        ) : !categories ? (
          <p className="text-sm text-gray-500">Loading categories…</p>
        ) : categories.length === 0 ? (
          <p className="text-sm text-gray-500">No categories yet.</p>
        ) : (
          <div className="flex max-h-64 flex-col gap-0.5 overflow-y-auto">
            {categories.map((c) => (
              <CheckboxRow key={c.id} checked={selected.includes(c.id)} onChange={() => onToggleCategory(c.id)}>
                {c.name}
              </CheckboxRow>
            ))}
          </div>
        )}
        {manageCategories && (
          <button
            type="button"
            onClick={manageCategories}
            className="mt-2 text-sm font-medium text-brand-700 hover:underline"
          >
            Manage categories
          </button>
        )}
      </fieldset>
    </aside>
  );
}
