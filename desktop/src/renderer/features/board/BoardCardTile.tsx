import { memo } from 'react';
import type { BoardCard } from '@shared/types/board';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';
import { LABEL_CLASSES } from './config';
import { DueChip } from './DueChip';

const ICONS = {
  description: 'M3 5h14M3 10h14M3 15h9',
  checklist: 'M4 10l4 4 8-8',
  attachment: 'M13 7l-5.5 5.5a2 2 0 0 0 2.8 2.8L16 9.6a4 4 0 0 0-5.7-5.7L4.6 9.6',
  comments: 'M4 4h12v9H9l-4 3v-3H4z',
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

function Count({
  icon,
  label,
  value,
  done,
}: {
  icon: keyof typeof ICONS;
  label: string;
  value: string;
  done?: boolean;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded px-1 text-xs',
        done ? 'bg-green-600 text-white' : 'text-gray-600',
      )}
      title={label}
    >
      <TileIcon icon={icon} className="size-3.5" />
      <span className="sr-only">{label}: </span>
      {value}
    </span>
  );
}

/**
 * A card on the board: cover, labels, title, its due-date chip and its counts. Opens the card
 * dialog; its "Move to…" button opens the list chooser.
 */
export const BoardCardTile = memo(function BoardCardTile({
  card,
  onOpen,
  onMoveTo,
  hidden = false,
}: {
  card: BoardCard;
  onOpen: (id: number) => void;
  /** Opens "Move to…" for the card (a button on the tile, shown on hover and focus, always on touch). */
  onMoveTo?: (id: number) => void;
  /** Left out by the board's due-date filter: kept in the list (drag indices count it), not shown. */
  hidden?: boolean;
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
            card.hasDescription ||
            items > 0 ||
            card.attachmentsCount > 0 ||
            card.activitiesCount > 0) && (
            <span className="mt-1.5 flex flex-wrap items-center gap-2">
              {card.dueAt && <DueChip dueAt={card.dueAt} />}
              {card.hasDescription && <Count icon="description" label="Has a description" value="" />}
              {items > 0 && (
                <Count
                  icon="checklist"
                  label="Checklist items done"
                  value={`${card.checkListItemsCompleted}/${items}`}
                  done={card.checkListItemsCompleted === items}
                />
              )}
              {card.attachmentsCount > 0 && (
                <Count icon="attachment" label="Attachments" value={String(card.attachmentsCount)} />
              )}
              {card.activitiesCount > 0 && (
                <Count icon="comments" label="Comments" value={String(card.activitiesCount)} />
              )}
            </span>
          )}
        </span>
      </button>
      {onMoveTo && (
        <button
          type="button"
          aria-label={`Move to… ${card.title}`}
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
