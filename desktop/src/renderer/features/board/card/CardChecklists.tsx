import { useEffect, useState } from 'react';
import { checklistProgress, checklistProgressLabel } from '@shared/calc/board';
import type { Card, CheckList, CheckListItem } from '@shared/types/board';
import { Button } from '../../../components/Button';
import { ProgressBar } from '../../../components/ProgressBar';
import { cn } from '../../../lib/cn';
import {
  useDeleteCheckListItemMutation,
  useDeleteCheckListMutation,
  useUpsertCheckListItemMutation,
  useUpsertCheckListMutation,
} from '../boardApi';
import { InlineForm } from './InlineForm';
import { Markdown } from './Markdown';

function Item({ item, cardId }: { item: CheckListItem; cardId: number }) {
  const [upsert, { isLoading }] = useUpsertCheckListItemMutation();
  const [remove] = useDeleteCheckListItemMutation();
  const [editing, setEditing] = useState(false);
  // The tick shows in the same event (the cached card's patch reaches the screen a frame later) and
  // stays until the cached copy agrees (or the request fails). The cache then keeps it through reads
  // that raced it (features/board/pendingTicks.ts).
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? item.completed;
  useEffect(() => {
    if (pending !== null && item.completed === pending) setPending(null);
  }, [item.completed, pending]);
  const tick = (value: boolean) => {
    setPending(value);
    upsert({ id: item.id, CheckListId: item.CheckListId, CardId: cardId, completed: value })
      .unwrap()
      .catch(() => setPending(null));
  };
  const base = { id: item.id, CheckListId: item.CheckListId, CardId: cardId };
  if (editing) {
    return (
      <li>
        <InlineForm
          label="Edit the item"
          initial={item.title}
          multiline
          maxLength={2000}
          busy={isLoading}
          onCancel={() => setEditing(false)}
          onSubmit={async (title) => {
            await upsert({ ...base, title })
              .unwrap()
              .catch(() => undefined);
            setEditing(false);
          }}
          extra={
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto text-red-700"
              onClick={() => void remove({ id: item.id, CardId: cardId })}
            >
              Delete
            </Button>
          }
        />
      </li>
    );
  }
  return (
    <li className="group flex items-start gap-2 rounded px-1 py-0.5 hover:bg-gray-50">
      <input
        type="checkbox"
        className="mt-1 size-4 accent-brand-600"
        checked={checked}
        aria-label={item.title}
        onChange={(e) => tick(e.target.checked)}
      />
      <button
        type="button"
        className="min-w-0 flex-1 text-left"
        onClick={() => setEditing(true)}
        aria-label={`Edit item: ${item.title}`}
      >
        <Markdown inline className={cn(checked && 'text-gray-500 line-through')}>
          {item.title}
        </Markdown>
      </button>
    </li>
  );
}

function ChecklistBlock({ checklist, cardId }: { checklist: CheckList; cardId: number }) {
  const [rename, renameState] = useUpsertCheckListMutation();
  const [remove, removeState] = useDeleteCheckListMutation();
  const [addItem, addState] = useUpsertCheckListItemMutation();
  const [mode, setMode] = useState<'view' | 'title' | 'add' | 'delete'>('view');
  return (
    <section aria-label={`Checklist ${checklist.title}`} className="flex flex-col gap-2">
      {mode === 'title' ? (
        <InlineForm
          label="Checklist title"
          initial={checklist.title}
          maxLength={200}
          busy={renameState.isLoading}
          onCancel={() => setMode('view')}
          onSubmit={async (title) => {
            await rename({ id: checklist.id, title, CardId: cardId })
              .unwrap()
              .catch(() => undefined);
            setMode('view');
          }}
        />
      ) : (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="min-w-0 flex-1 truncate text-left text-sm font-semibold text-gray-900"
            onClick={() => setMode('title')}
            aria-label={`Rename checklist ${checklist.title}`}
          >
            ☑ {checklist.title}
          </button>
          {mode === 'delete' ? (
            <span className="flex items-center gap-1" role="group" aria-label="Delete this checklist?">
              <span className="text-xs text-gray-700">Delete checklist?</span>
              <Button
                size="sm"
                variant="danger"
                loading={removeState.isLoading}
                onClick={() => void remove({ id: checklist.id, CardId: cardId })}
              >
                Yes
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setMode('view')}>
                Cancel
              </Button>
            </span>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setMode('delete')}
              aria-label={`Delete checklist ${checklist.title}`}
            >
              Delete
            </Button>
          )}
        </div>
      )}
      <ProgressBar
        label={`${checklist.title}: ${checklistProgressLabel(checklistProgress(checklist.CheckListItems))}`}
        value={checklistProgress(checklist.CheckListItems)}
        className="gap-2"
      />
      <ul className="flex flex-col gap-0.5">
        {checklist.CheckListItems.map((item) => (
          <Item key={item.id} item={item} cardId={cardId} />
        ))}
      </ul>
      {mode === 'add' ? (
        <InlineForm
          label={`New item of ${checklist.title}`}
          placeholder="Add an item"
          submitLabel="Save"
          multiline
          maxLength={2000}
          busy={addState.isLoading}
          onCancel={() => setMode('view')}
          onSubmit={async (title) => {
            await addItem({ title, CheckListId: checklist.id, CardId: cardId })
              .unwrap()
              .catch(() => undefined);
          }}
        />
      ) : (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setMode('add')}>
            Add an item
          </Button>
        </div>
      )}
    </section>
  );
}

/** The card's checklists; 'Add to Card → Checklist' opens the new-checklist form here. */
export function CardChecklists({ card, adding, onAdded }: { card: Card; adding: boolean; onAdded: () => void }) {
  const [create, { isLoading }] = useUpsertCheckListMutation();
  if (card.CheckLists.length === 0 && !adding) return null;
  return (
    <section aria-labelledby="mtn-checklists-heading" className="flex flex-col gap-4">
      <h3 id="mtn-checklists-heading" className="text-sm font-semibold text-gray-900">
        Checklists
      </h3>
      {card.CheckLists.map((c) => (
        <ChecklistBlock key={c.id} checklist={c} cardId={card.id} />
      ))}
      {adding && (
        <InlineForm
          label="Title of the new checklist"
          initial="Checklist"
          submitLabel="Add checklist"
          maxLength={200}
          busy={isLoading}
          onCancel={onAdded}
          onSubmit={async (title) => {
            await create({ title, CardId: card.id })
              .unwrap()
              .catch(() => undefined);
            onAdded();
          }}
        />
      )}
    </section>
  );
}
