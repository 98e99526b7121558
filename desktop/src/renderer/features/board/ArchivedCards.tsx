import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { useGetArchivedCardsQuery, useRestoreCardMutation } from './boardApi';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * The board's archive view: the cards archived from it, newest first, each with Restore (back to
 * the end of the list it left, or of the first list when that list is gone). Never a delete.
 */
export function ArchivedCards({ ownerId, onClose }: { ownerId: number | undefined; onClose: () => void }) {
  const { data, error, isLoading, refetch } = useGetArchivedCardsQuery(ownerId);
  const [restore, { isLoading: restoring, originalArgs }] = useRestoreCardMutation();
  return (
    <Dialog
      open
      onClose={onClose}
      title="Archived cards"
      description="Archived cards are off the board and out of its progress. Restore puts a card back at the end of its list."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {isLoading && <Loading label="Loading archived cards…" />}
      {error && <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>}
      {data && data.length === 0 && <p className="text-sm text-gray-600">No archived cards.</p>}
      {data && data.length > 0 && (
        <ul className="divide-y divide-gray-100" aria-label="Archived cards">
          {data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-gray-900">{c.title}</p>
                <p className="text-xs text-gray-600">
                  {c.listName ? `From ${c.listName}` : 'Its list was deleted: restores to the first list'} · archived{' '}
                  {dateOf(c.archivedAt)}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Restore ${c.title}`}
                loading={restoring && originalArgs === c.id}
                onClick={() =>
                  void restore(c.id)
                    .unwrap()
                    .catch(() => undefined)
                }
              >
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
