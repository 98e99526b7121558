import { memo } from 'react';
import type { BoardCard } from '@shared/types/board';
import { Avatar } from '../../components/Avatar';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';
import { LABEL_CLASSES } from './config';
import { DueChip, dueLocalText } from './DueChip';
import { checklistWords, reviewWait } from './tileFacts';

const ICONS = {
  description: 'M3 5h14M3 10h14M3 15h9',
  attachment: 'M13 7l-5.5 5.5a2 2 0 0 0 2.8 2.8L16 9.6a4 4 0 0 0-5.7-5.7L4.6 9.6',
  comments: 'M4 4h12v9H9l-4 3v-3H4z',
  review: 'M6 3h8M6 17h8M7 3c0 4 6 4 6 7s-6 3-6 7M13 3c0 4-6 4-6 7s6 3 6 7',
  moveTo: 'M3 10h12M11 6l4 4-4 4',
} as const;

/** A tile's line icon (20-unit box, drawn in the text colour). */
function TileIcon({ icon, className }: { icon: keyof typeof ICONS; className: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={ICONS[icon]} />
    </svg>
  );
}

function Count({ icon, label, value }: { icon: keyof typeof ICONS; label: string; value: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded px-1 text-xs text-gray-600" title={label}>
      <TileIcon icon={icon} className="size-3.5" />
      <span className="sr-only">{label}: </span>
      {value}
    </span>
  );
}

/** The checklist's progress as a small ring (SVG), "1/3" beside it; read out as "1 of 3 checklist items done". */
export function ChecklistRing({ done, total }: { done: number; total: number }) {
  const r = 6;
  const length = 2 * Math.PI * r;
  const complete = total > 0 && done >= total;
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const words = checklistWords(done, total);
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs', complete ? 'text-green-800' : 'text-gray-600')}
      title={words}
      data-testid="checklist-ring"
    >
      <svg viewBox="0 0 16 16" className="size-4 -rotate-90" aria-hidden="true">
        <circle cx="8" cy="8" r={r} fill="none" strokeWidth="2.5" className="stroke-gray-300" />
        <circle
          cx="8"
          cy="8"
          r={r}
          fill="none"
          strokeWidth="2.5"
          strokeLinecap={share > 0 && share < 1 ? 'round' : 'butt'}
          strokeDasharray={`${length * share} ${length}`}
          className={complete ? 'stroke-green-600' : 'stroke-brand-600'}
          data-share={share}
        />
      </svg>
      <span aria-hidden="true">
        {done}/{total}
      </span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

/** How long the card has waited in FOR REVIEW ("In review 2 d"); its title gives the moment it entered. */
export function ReviewChip({ since, now }: { since: string; now?: number }) {
  const wait = reviewWait(since, now);
  return (
    <span
      className="inline-flex items-center gap-1 rounded bg-brand-50 px-1.5 text-xs font-medium whitespace-nowrap text-brand-800 ring-1 ring-brand-200 ring-inset"
      data-testid="review-chip"
      title={`Waiting for review since ${dueLocalText(since)}`}
    >
      <TileIcon icon="review" className="size-3.5" />
      <span aria-hidden="true">{wait.short}</span>
      <span className="sr-only">{wait.spoken}</span>
    </span>
  );
}

/** Whose card it is, on views of another member's board: their photo or initials, the name as text and tooltip. */
export interface TileOwner {
  fullName: string;
  photoUrl: string | null;
}

function OwnerAvatar({ owner }: { owner: TileOwner }) {
  return (
    <span className="ml-auto inline-flex shrink-0" title={owner.fullName} data-testid="tile-owner">
      <Avatar photoUrl={owner.photoUrl} fullName={owner.fullName} size="xs" className="ring-2 ring-white" />
      <span className="sr-only">Owner: {owner.fullName}</span>
    </span>
  );
}

/**
 * A card on the board (docs/areas/board.md, "Tiles"): cover, labels, title, its due-date chip, in
 * FOR REVIEW how long it has waited, its checklist ring and counts, and on another member's board
 * the owner's avatar. Opens the card dialog; its "Move to…" button opens the list chooser.
 */
export const BoardCardTile = memo(function BoardCardTile({
  card,
  onOpen,
  onMoveTo,
  hidden = false,
  owner,
  inReview = false,
  now,
}: {
  card: BoardCard;
  onOpen: (id: number) => void;
  /** Opens "Move to…" for the card (a button on the tile, shown on hover and focus, always on touch). */
  onMoveTo?: (id: number) => void;
  /** Left out by the board's due-date filter: kept in the list (drag indices count it), not shown. */
  hidden?: boolean;
  /** The board's owner, shown as an avatar on views of another member's board (not on one's own). */
  owner?: TileOwner;
  /** The card is in FOR REVIEW: its "In review 2 d" chip shows (reviewSince, or "now" right after a move). */
  inReview?: boolean;
  /** The moment the review chip counts to (the column's minute clock); default: now. */
  now?: number;
}) {
  const items = card.checkListItemsCount;
  const cardLabels = card.Labels;
  return (
    // content-visibility: tiles scrolled out of their column cost no layout or paint.
    <li
      className="mtn-card group relative list-none [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]"
      data-card-id={card.id}
      hidden={hidden}
    >
      <button
        type="button"
        onClick={() => onOpen(card.id)}
        className="block w-full cursor-grab overflow-hidden rounded-lg bg-white text-left shadow-sm ring-1 ring-gray-200 hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500 active:cursor-grabbing"
      >
        {card.coverPhotoUrl && (
          <img
            src={assetUrl(card.coverPhotoUrl)}
            alt=""
            className="h-28 w-full object-cover"
            loading="lazy"
            draggable={false}
          />
        )}
        <span className="block px-3 py-2">
          {cardLabels.length > 0 && (
            <span className="mb-1.5 flex flex-wrap gap-1">
              {cardLabels.map((l) => (
                <span
                  key={l.id}
                  className={cn('inline-block min-w-8 rounded px-1.5 text-[11px] font-medium', LABEL_CLASSES[l.color])}
                >
                  {l.name || <span className="sr-only">{l.color} label</span>}
                </span>
              ))}
            </span>
          )}
          <span className="block text-sm break-words text-gray-900">{card.title}</span>
          {(card.dueAt ||
            inReview ||
            card.hasDescription ||
            items > 0 ||
            card.attachmentsCount > 0 ||
            card.activitiesCount > 0 ||
            owner) && (
            <span className="mt-1.5 flex flex-wrap items-center gap-2">
              {card.dueAt && <DueChip dueAt={card.dueAt} />}
              {inReview && (
                <ReviewChip since={card.reviewSince ?? new Date(now ?? Date.now()).toISOString()} now={now} />
              )}
              {card.hasDescription && <Count icon="description" label="Has a description" value="" />}
              {items > 0 && <ChecklistRing done={card.checkListItemsCompleted} total={items} />}
              {card.attachmentsCount > 0 && (
                <Count icon="attachment" label="Attachments" value={String(card.attachmentsCount)} />
              )}
              {card.activitiesCount > 0 && (
                <Count icon="comments" label="Comments" value={String(card.activitiesCount)} />
              )}
              {owner && <OwnerAvatar owner={owner} />}
            </span>
          )}
        </span>
      </button>
      {onMoveTo && (
        <button
          type="button"
          aria-label={`Move to… ${card.title}`}
          data-move-to-card={card.id}
          title="Move to…"
          onClick={() => onMoveTo(card.id)}
          className="absolute top-1 right-1 rounded-md bg-white/95 p-1 text-gray-600 opacity-0 shadow-sm ring-1 ring-gray-200 group-hover:opacity-100 hover:text-gray-900 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-500 pointer-coarse:opacity-100"
        >
          <TileIcon icon="moveTo" className="size-4" />
        </button>
      )}
    </li>
  );
});
