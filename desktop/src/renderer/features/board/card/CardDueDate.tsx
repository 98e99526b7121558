import { useEffect, useId, useState } from 'react';
import type { Card } from '@shared/types/board';
import { toApiError } from '../../../lib/apiErrors';
import { useUpsertCardMutation } from '../boardApi';
import { DueChip } from '../DueChip';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the value of `<input type="datetime-local">`, in the member's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the member's local time) as an ISO instant in UTC; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The card dialog's due date (docs/areas/board.md, "Due dates"): a native date-time picker in the
 * member's time zone, saved (as UTC) when it loses focus (or on Enter) with a new value, and Clear.
 */
export function CardDueDate({ card }: { card: Pick<Card, 'id' | 'dueAt'> }) {
  const id = useId();
  const [value, setValue] = useState(toLocalInput(card.dueAt));
  const [upsert, { isLoading, error }] = useUpsertCardMutation();
  useEffect(() => setValue(toLocalInput(card.dueAt)), [card.dueAt]);

  const save = (local: string) => {
    const dueAt = local ? fromLocalInput(local) : null;
    if (local && !dueAt) return;
    if (dueAt === card.dueAt || (dueAt && card.dueAt && Date.parse(dueAt) === Date.parse(card.dueAt))) return;
    void upsert({ id: card.id, dueAt });
  };

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-xs font-medium tracking-wide text-gray-500 uppercase">
        Due date
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Due date and time
        </label>
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={(e) => save(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
          disabled={isLoading}
          className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900"
        />
        {card.dueAt && (
          <>
            <DueChip dueAt={card.dueAt} />
            <button
              type="button"
              className="text-sm text-brand-700 underline-offset-2 hover:underline"
              onClick={() => {
                setValue('');
                void upsert({ id: card.id, dueAt: null });
              }}
            >
              Clear
            </button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {toApiError(error).fields.dueAt ?? toApiError(error).message}
        </p>
      )}
    </section>
  );
}
