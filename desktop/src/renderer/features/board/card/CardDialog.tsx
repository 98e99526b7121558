import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { canArchiveCard, canDeleteCard } from '@shared/policies/board';
import type { BoardResponse, Card } from '@shared/types/board';
import { LoadError } from '../../../components/Banner';
import { Button, buttonClasses } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Spinner';
import { toApiError } from '../../../lib/apiErrors';
import { selectCurrentUser, useAppSelector } from '../../../app/hooks';
import { cn } from '../../../lib/cn';
import {
  useArchiveCardMutation,
  useDeleteCardMutation,
  useGetCardQuery,
  useMoveCardMutation,
  useUpsertCardMutation,
} from '../boardApi';
import { cardPlace } from '../boardMoves';
import { mayShareWin, shareWinPath } from '../shareWin';
import { ConfirmDialog } from '../ConfirmDialog';
import { LABEL_CLASSES } from '../config';
import { CardActivity } from './CardActivity';
import { CardAttachments } from './CardAttachments';
import { CardChecklists } from './CardChecklists';
import { CardDescription } from './CardDescription';
import { CardDueDate } from './CardDueDate';
import { CardLabels } from './CardLabels';
import { usePortalSettings } from '../../settings/usePortalSettings';
import { useAttachImage } from './useAttachImage';

interface Props {
  cardId: number;
  board: BoardResponse;
  boardArg: number | undefined;
  onClose: () => void;
}

/**
 * The card dialog (docs/areas/board.md#screens): title, the list it is in (a select that moves it), labels,
 * due date, markdown description, attachments, checklists and activity; Add to Card and Actions at the
 * side. Closing it saves the title and description when they changed.
 */
export function CardDialog({ cardId, board, boardArg, onClose }: Props) {
  const { data: card, error, isLoading, refetch } = useGetCardQuery(cardId);
  if (isLoading || (!card && !error)) {
    return (
      <Dialog open onClose={onClose} title="Loading card…" initialFocus="panel">
        <Loading label="Loading card…" />
      </Dialog>
    );
  }
  if (!card) {
    return (
      <Dialog open onClose={onClose} title="Card" initialFocus="panel">
        <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>
      </Dialog>
    );
  }
  return <LoadedCard key={card.id} card={card} board={board} boardArg={boardArg} onClose={onClose} />;
}

function LoadedCard({ card, board, boardArg, onClose }: Omit<Props, 'cardId'> & { card: Card }) {
  const user = useAppSelector(selectCurrentUser);
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [upsert] = useUpsertCardMutation();
  const [moveCard] = useMoveCardMutation();
  const [deleteCard, { isLoading: deleting }] = useDeleteCardMutation();
  const [archiveCard, { isLoading: archiving }] = useArchiveCardMutation();
  const [addingChecklist, setAddingChecklist] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const attachImage = useAttachImage(card.id);
  const titleId = useId();
  const listId = useId();
  const saved = useRef({ title: card.title, description: card.description });
  /** What was last sent to the server, so closing does not save the same change twice. */
  const sent = useRef({ title: card.title, description: card.description });

  // The server's copy changed (another section saved): keep what the user has not edited.
  useEffect(() => {
    if (title === saved.current.title) setTitle(card.title);
    if (description === saved.current.description) setDescription(card.description);
    saved.current = { title: card.title, description: card.description };
    sent.current = { title: card.title, description: card.description };
  }, [card.title, card.description]);

  const save = (t: string, d: string) => {
    sent.current = { title: t, description: d };
    return upsert({ id: card.id, title: t, description: d });
  };
  const close = () => {
    const t = title.trim();
    if (t && (t !== sent.current.title || description !== sent.current.description)) void save(t, description);
    onClose();
  };

  // The board moves first (see cardPlace); the card's own copy catches up once a move is answered.
  const place = cardPlace(board, card.id);
  const inListId = place?.list.id ?? card.ListId;
  const moveTo = (destListId: number) => {
    const dest = board.lists.find((l) => l.id === destListId);
    if (!dest || destListId === inListId) return;
    void moveCard({
      board: boardArg,
      cardId: card.id,
      sourceListId: inListId,
      destListId,
      positionOnSourceList: place?.position ?? card.position,
      positionOnDestList: dest.Cards.length,
    });
  };

  // A card done on one's own board can be shared as a win in the community: the composer opens in
  // Wins with the card's title only (docs/areas/community.md#wins-from-the-board).
  const { settings } = usePortalSettings();
  const inList = board.lists.find((l) => l.id === inListId);
  const shareWin = mayShareWin(settings.communityMode, inList?.name, user?.id, board.board.userId);

  return (
    <>
      {/* Focus on the dialog, not the title: a stray key must not edit it, nor a phone keyboard cover it. */}
      <Dialog open size="lg" onClose={close} title={card.title} hideTitle initialFocus="panel" closeLabel="Close card">
        <div className="flex flex-col gap-6 md:flex-row">
          <div className="flex min-w-0 flex-1 flex-col gap-6">
            <div className="flex flex-col gap-2">
              <label htmlFor={titleId} className="text-xs font-medium tracking-wide text-gray-500 uppercase">
                Card Title
              </label>
              {/* A textarea that grows with the title, so a long title wraps instead of being cut off. */}
              <textarea
                id={titleId}
                value={title}
                maxLength={500}
                rows={1}
                onChange={(e) => setTitle(e.target.value.replace(/\s*\n\s*/g, ' '))}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  e.currentTarget.blur();
                }}
                className={cn(
                  'field-sizing-content w-full resize-none rounded-lg border px-3 py-2 text-lg font-semibold break-words text-gray-900 focus:ring-2 focus:outline-none',
                  title.trim()
                    ? 'border-gray-200 focus:border-brand-500 focus:ring-brand-200'
                    : 'border-red-400 focus:ring-red-200',
                )}
                aria-invalid={title.trim() ? undefined : true}
              />
              <div className="flex items-center gap-2 text-sm text-gray-600">
                <label htmlFor={listId}>In List</label>
                <select
                  id={listId}
                  value={inListId}
                  onChange={(e) => moveTo(Number(e.target.value))}
                  className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm font-medium text-gray-900"
                >
                  {board.lists.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </div>
              {card.Labels.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Labels">
                  {card.Labels.map((l) => (
                    <li key={l.id} className={cn('rounded px-2 py-0.5 text-xs font-medium', LABEL_CLASSES[l.color])}>
                      {l.name || l.color}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <CardDueDate card={card} />
            <CardDescription
              value={description}
              onChange={setDescription}
              onSave={(text) => save(title.trim() || card.title, text)}
            />
            <CardAttachments card={card} attachImage={attachImage} />
            <CardChecklists card={card} adding={addingChecklist} onAdded={() => setAddingChecklist(false)} />
            <CardActivity card={card} />
          </div>
          <aside className="flex shrink-0 flex-col gap-4 md:w-40" aria-label="Card actions">
            <div className="flex flex-col gap-1.5">
              <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Add to Card</h3>
              <Button size="sm" variant="secondary" onClick={() => setAddingChecklist(true)}>
                Checklist
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void attachImage.pickAndAttach()}
                loading={attachImage.busy}
              >
                Attachments
              </Button>
            </div>
            <div className="flex flex-col gap-1.5">
              <h3 className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Actions</h3>
              {shareWin && (
                <Link to={shareWinPath(card.title)} className={buttonClasses('primary', 'sm')} onClick={close}>
                  Share as a win
                </Link>
              )}
              <Button size="sm" variant="secondary" onClick={() => setLabelsOpen(true)}>
                Labels
              </Button>
              {canArchiveCard(user, { id: board.board.userId, role: board.board.ownerRole }) && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={archiving}
                  onClick={() =>
                    void archiveCard(card.id)
                      .unwrap()
                      .then(onClose)
                      .catch(() => undefined)
                  }
                >
                  Archive card
                </Button>
              )}
              {canDeleteCard(user) && (
                <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
                  Delete card
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={close}>
                Close
              </Button>
            </div>
          </aside>
        </div>
      </Dialog>
      {labelsOpen && <CardLabels card={card} onClose={() => setLabelsOpen(false)} />}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete card?"
          confirmLabel="Yes, delete"
          busy={deleting}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={async () => {
            try {
              await deleteCard(card.id).unwrap();
              onClose();
            } catch {
              setConfirmDelete(false);
            }
          }}
        >
          “{card.title}” and everything on it will be deleted. This cannot be undone.
        </ConfirmDialog>
      )}
    </>
  );
}
