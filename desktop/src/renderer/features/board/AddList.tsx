import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@shared/messages';
import { isReservedListName } from '@shared/policies/board';
import { Button } from '../../components/Button';
import { toApiError } from '../../lib/apiErrors';
import { useUpsertListMutation } from './boardApi';

/** 'Add another list' after the last column. Reserved names are refused before sending. */
export function AddList({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [upsert, { isLoading }] = useUpsertListMutation();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = name.trim();
    if (!text) return setError(MESSAGES.fieldRequired);
    if (isReservedListName(text)) return setError(MESSAGES.reservedListName);
    try {
      await upsert({ name: text, userId }).unwrap();
      setName('');
      setError(null);
    } catch (err) {
      setError(toApiError(err).fields.name ?? null);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="w-72 shrink-0 rounded-xl bg-white/60 px-3 py-2.5 text-left text-sm font-medium text-gray-700 ring-1 ring-gray-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        + Add another list
      </button>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="flex w-72 shrink-0 flex-col gap-2 self-start rounded-xl bg-gray-100 p-2 ring-1 ring-gray-200"
    >
      <label htmlFor={id} className="sr-only">
        Name of the new list
      </label>
      <input
        id={id}
        autoFocus
        value={name}
        maxLength={100}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="Enter list title…"
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={isLoading}>
          Add list
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
