import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@shared/messages';
import type { ResourceCategory } from '@shared/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import {
  useDeleteResourceCategoryMutation,
  useGetResourceCategoriesQuery,
  useUpsertResourceCategoryMutation,
} from './resourcesApi';

/** Add or rename one category: a small form whose field errors show under the name. */
function CategoryForm({
  category,
  onDone,
  autoFocus,
}: {
  category: ResourceCategory | null;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [upsert, { isLoading }] = useUpsertResourceCategoryMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(MESSAGES.fieldRequired);
      return;
    }
    try {
      await upsert({ ...(category ? { id: category.id } : {}), name: name.trim() }).unwrap();
      if (!category) setName('');
      onDone?.();
    } catch (err) {
      const apiError = toApiError(err);
      setError(apiError.fields.name ?? apiError.message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex items-start gap-2">
      <TextField
        className="flex-1"
        label={category ? `New name for ${category.name}` : 'New category'}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
        error={error}
        autoComplete="off"
        // The add field takes the dialog's first focus; a rename field takes focus when it appears.
        {...(category ? { autoFocus } : { 'data-autofocus': autoFocus })}
      />
      <Button type="submit" className="mt-7" loading={isLoading}>
        {category ? 'Save' : 'Add'}
      </Button>
    </form>
  );
}

/**
 * The premium-slides switch of one category: course-only members open its Included with Premium
 * resources (docs/areas/resources.md#who-may-do-what "premium slides"). Saved at once; the toast says so.
 */
function PremiumSlidesToggle({ category }: { category: ResourceCategory }) {
  const [upsert, { isLoading }] = useUpsertResourceCategoryMutation();
  return (
    <label className="flex items-center gap-1.5 text-xs whitespace-nowrap text-gray-700">
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
        checked={category.premiumSlides}
        disabled={isLoading}
        aria-label={`Premium slides: ${category.name}`}
        onChange={(e) =>
          void upsert({ id: category.id, name: category.name, premiumSlides: e.target.checked })
            .unwrap()
            .catch(() => undefined)
        }
      />
      Premium slides
    </label>
  );
}

/** The category modal (admin): add, rename and delete categories (with a confirmation), mark premium slides. */
export function CategoriesDialog({ onClose }: { onClose: () => void }) {
  const { data: categories, isLoading, error } = useGetResourceCategoriesQuery();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [remove, { isLoading: deleting }] = useDeleteResourceCategoryMutation();

  const onDelete = async (id: number) => {
    try {
      await remove(id).unwrap();
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Categories"
      description="Members filter resources by category. Course-only members also open the Included with Premium resources of a category marked Premium slides."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <CategoryForm category={null} autoFocus />
        {isLoading && <Loading label="Loading categories…" />}
        {error && <p className="text-sm text-red-600">{toApiError(error).message}</p>}
        {categories && categories.length === 0 && <p className="text-sm text-gray-500">No categories yet.</p>}
        <ul className="divide-y divide-gray-100" aria-label="Categories">
          {(categories ?? []).map((c) => (
            <li key={c.id} className="py-2">
              {editing === c.id ? (
                <CategoryForm category={c} onDone={() => setEditing(null)} autoFocus />
              ) : confirming === c.id ? (
                <div className="flex flex-wrap items-center gap-2" role="alert">
                  <span className="mr-auto text-sm text-gray-700">
                    Delete “{c.name}”? Resources keep their other categories.
                  </span>
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(null)} disabled={deleting}>
                    Keep
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    loading={deleting}
                    onClick={() => void onDelete(c.id)}
                    data-autofocus
                  >
                    Yes, delete
                  </Button>
                </div>
              ) : (
                <div className="flex items-center gap-2">
                  <span className="mr-auto text-sm text-gray-900">{c.name}</span>
                  <PremiumSlidesToggle category={c} />
                  <Button size="sm" variant="ghost" aria-label={`Rename ${c.name}`} onClick={() => setEditing(c.id)}>
                    Rename
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Delete ${c.name}`} onClick={() => setConfirming(c.id)}>
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
