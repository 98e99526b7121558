import { useId, useState } from 'react';
import { MAX_LABELS } from '@shared/limits';
import { LABEL_COLORS, type Card, type Label, type LabelColor } from '@shared/types/board';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { toApiError } from '../../../lib/apiErrors';
import { cn } from '../../../lib/cn';
import {
  useAddLabelMutation,
  useDeleteLabelMutation,
  useGetLabelsQuery,
  useRemoveLabelMutation,
  useUpsertLabelMutation,
} from '../boardApi';
import { LABEL_CLASSES, LABEL_COLOR_NAMES } from '../config';

/** Create or edit a label: name optional, a colour required from those no other label uses. */
function LabelForm({
  label,
  labels,
  userId,
  onDone,
}: {
  label: Label | null;
  labels: Label[];
  userId: number;
  onDone: () => void;
}) {
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<LabelColor | null>(label?.color ?? null);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useUpsertLabelMutation();
  const [remove, removeState] = useDeleteLabelMutation();
  const [confirming, setConfirming] = useState(false);
  const groupId = useId();
  const used = new Set(labels.filter((l) => l.id !== label?.id).map((l) => l.color));
  const offered = LABEL_COLORS.filter((c) => !used.has(c));
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!color) return;
        try {
          await save({ ...(label ? { id: label.id } : { userId }), name: name.trim(), color }).unwrap();
          onDone();
        } catch (err) {
          const apiError = toApiError(err);
          setError(apiError.fields.color ?? apiError.fields.name ?? apiError.message);
        }
      }}
    >
      <TextField label="Name (optional)" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
      <div role="radiogroup" aria-labelledby={groupId} className="flex flex-col gap-1.5">
        <span id={groupId} className="text-sm font-medium text-gray-700">
          Color
        </span>
        <div className="flex flex-wrap gap-2">
          {offered.map((c) => (
            <label
              key={c}
              className={cn(
                'cursor-pointer rounded-md p-0.5 ring-2',
                color === c ? 'ring-brand-600' : 'ring-transparent',
              )}
            >
              <input
                type="radio"
                name="color"
                value={c}
                className="sr-only"
                checked={color === c}
                onChange={() => setColor(c)}
              />
              <span className={cn('block h-7 w-12 rounded', LABEL_CLASSES[c])} title={LABEL_COLOR_NAMES[c]} />
              <span className="sr-only">{LABEL_COLOR_NAMES[c]}</span>
            </label>
          ))}
        </div>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!color} loading={isLoading}>
          {label ? 'Save' : 'Create'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        {label &&
          (confirming ? (
            <Button
              size="sm"
              variant="danger"
              className="ml-auto"
              loading={removeState.isLoading}
              onClick={() =>
                void remove(label.id)
                  .unwrap()
                  .then(onDone, () => setConfirming(false))
              }
            >
              Yes, delete it from every card
            </Button>
          ) : (
            <Button size="sm" variant="ghost" className="ml-auto text-red-700" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ))}
      </div>
    </form>
  );
}

/**
 * Actions → Labels: the board owner's labels, each toggled on or off the card, edited, and
 * 'Create a new label' while fewer than 10 exist (docs/areas/board.md#validation).
 */
export function CardLabels({ card, onClose }: { card: Card; onClose: () => void }) {
  const { data: labels, isLoading, error } = useGetLabelsQuery(card.userId);
  const [add] = useAddLabelMutation();
  const [remove] = useRemoveLabelMutation();
  const [editing, setEditing] = useState<Label | 'new' | null>(null);
  const onCard = new Set(card.Labels.map((l) => l.id));

  let body;
  if (isLoading) body = <Loading label="Loading labels…" />;
  else if (error || !labels)
    body = (
      <p role="alert" className="text-sm text-red-700">
        {toApiError(error).message}
      </p>
    );
  else if (editing)
    body = (
      <LabelForm
        label={editing === 'new' ? null : editing}
        labels={labels}
        userId={card.userId}
        onDone={() => setEditing(null)}
      />
    );
  else
    body = (
      <div className="flex flex-col gap-3">
        {labels.length === 0 && <p className="text-sm text-gray-500">No labels yet.</p>}
        <ul className="flex flex-col gap-1.5">
          {labels.map((l) => (
            <li key={l.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label={`${l.name || LABEL_COLOR_NAMES[l.color]} label on this card`}
                checked={onCard.has(l.id)}
                onChange={(e) => void (e.target.checked ? add : remove)({ LabelId: l.id, CardId: card.id })}
              />
              <span className={cn('flex-1 rounded px-2 py-1 text-sm font-medium', LABEL_CLASSES[l.color])}>
                {l.name || <span className="opacity-70">{LABEL_COLOR_NAMES[l.color]}</span>}
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setEditing(l)}
                aria-label={`Edit label ${l.name || LABEL_COLOR_NAMES[l.color]}`}
              >
                Edit
              </Button>
            </li>
          ))}
        </ul>
        {labels.length < MAX_LABELS && (
          <Button variant="secondary" size="sm" onClick={() => setEditing('new')}>
            Create a new label
          </Button>
        )}
      </div>
    );
  return (
    <Dialog
      open
      size="sm"
      title={editing === 'new' ? 'Create a label' : editing ? 'Edit label' : 'Labels'}
      onClose={editing ? () => setEditing(null) : onClose}
    >
      {body}
    </Dialog>
  );
}
