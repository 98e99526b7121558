import { useId } from 'react';
import type { ResourceCategory, ResourceListType } from '@shared/types';
import { CheckboxRow, inputClasses } from '../../components/FormFields';

const TYPE_LABELS: Record<ResourceListType, string> = {
  all: 'All',
  marketplace: 'Marketplace',
  'my-purchases': 'My Purchases',
};

/** The Resources page's filters (SPEC §2): search box, type radios, category checkboxes. */
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
  return (
    <aside
      aria-label="Filters"
      className="flex flex-col gap-5 rounded-xl border border-gray-200 bg-white p-4 shadow-xs"
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
        <div className="flex flex-col gap-1">
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
      <fieldset>
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
