import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { useUpsertCardMutation } from './boardApi';

/** 'Add another card' at the bottom of a list: a title, Enter to add, Escape to close. */
export function AddCard({ listId, listName }: { listId: number; listName: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [upsert, { isLoading }] = useUpsertCardMutation();
  const id = useId();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = title.trim();
    if (!text || isLoading) return;
    try {
      await upsert({ title: text, ListId: listId }).unwrap();
      setTitle('');
    } catch {
      // The listener shows the server's message.
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="w-full rounded-lg px-2 py-1.5 text-left text-sm text-gray-700 hover:bg-gray-200 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label={`Add another card to ${listName}`}
      >
        + Add another card
      </button>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        Title of the new card in {listName}
      </label>
      <textarea
        id={id}
        autoFocus
        rows={2}
        maxLength={500}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Enter a title for this card…"
        className="w-full resize-none rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" loading={isLoading} disabled={!title.trim()}>
          Add card
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
