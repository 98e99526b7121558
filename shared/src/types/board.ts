/** Move the Needle (docs/areas/board.md#data): lists, cards, labels, attachments, checklists and activities. */
import type { Role } from '../limits';

/** The reserved lists and their roles are decided in shared/src/board/list-roles.ts. */
export { RESERVED_LIST_NAMES, type ReservedListName } from '../board/list-roles';

/** The ten label colours (docs/areas/board.md#data), each usable once per user. */
export const LABEL_COLORS = [
  'red-200',
  'pink-200',
  'purple-200',
  'blue-200',
  'green-200',
  'yellow-200',
  'yellow-400',
  'gray-200',
  'indigo-200',
  'purple-400',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export interface Label {
  id: number;
  name: string;
  color: LabelColor;
  userId: number;
}

/** A card as the board view shows it: its Labels, and counts instead of the dialog's details. */
export interface BoardCard {
  id: number;
  title: string;
  ListId: number;
  position: number;
  coverPhotoUrl: string | null;
  /** When the card is due (ISO 8601, UTC), or null. */
  dueAt: string | null;
  hasDescription: boolean;
  Labels: Label[];
  attachmentsCount: number;
  checkListItemsCount: number;
  checkListItemsCompleted: number;
  activitiesCount: number;
  /**
   * In a FOR REVIEW list: when the card entered it (ISO 8601, UTC; the review queue's waiting-since
   * rule), for the tile's "In review 2 d" chip. Null in every other list.
   */
  reviewSince: string | null;
}

export interface BoardList {
  id: number;
  name: string;
  position: number;
  userId: number;
  Cards: BoardCard[];
}

/** Whose board it is; the admin's board is the Master Template every member's board is copied from. */
export interface BoardInfo {
  userId: number;
  ownerName: string;
  /** The owner's photo (an upload URL), or null: the tiles' owner avatar on others' views. */
  ownerPhotoUrl: string | null;
  ownerRole: Role;
  isTemplate: boolean;
}

/** GET /api/move-the-needle/list/read-many */
export interface BoardResponse {
  lists: BoardList[];
  /** The board owner's labels (all of them, for the label picker). */
  labels: Label[];
  board: BoardInfo;
  /** The board's version this read shows (live events carry the version after their change). */
  version?: number;
}

export interface Attachment {
  id: number;
  fileUrl: string;
  fileName: string;
  CardId: number;
  createdAt: string;
}

export interface CheckListItem {
  id: number;
  title: string;
  completed: boolean;
  CheckListId: number;
}

export interface CheckList {
  id: number;
  title: string;
  CardId: number;
  CheckListItems: CheckListItem[];
}

export interface BoardPerson {
  id: number;
  fullName: string;
  photoUrl: string | null;
}

/** A comment on a card; TaggedUsers are the coaches it mentions. */
export interface Activity {
  id: number;
  comment: string;
  CardId: number;
  User: BoardPerson | null;
  TaggedUsers: BoardPerson[];
  createdAt: string;
}

/** What a card history entry records (docs/areas/card-history.md). */
export const CARD_EVENT_KINDS = [
  'created',
  'moved',
  'renamed',
  'described',
  'item_completed',
  'item_reopened',
  'attachment_added',
  'attachment_removed',
  'label_added',
  'label_removed',
  'archived',
  'restored',
  'due_changed',
] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];

/**
 * One entry of a card's history (GET /card/{id}/history): `text` says what happened, without the
 * actor ("moved this card from IN PROGRESS to FOR REVIEW"); `actor` is null once they are deleted.
 */
export interface CardHistoryEntry {
  id: number;
  kind: CardEventKind;
  text: string;
  createdAt: string;
  actor: { id: number; fullName: string } | null;
}

/** GET /api/move-the-needle/card/{id}/history: newest first. */
export interface CardHistoryResponse {
  entries: CardHistoryEntry[];
}

/** The card dialog's card (GET /card/{id} and card/upsert). */
export interface Card {
  id: number;
  title: string;
  description: string;
  ListId: number;
  listName: string;
  position: number;
  coverPhotoUrl: string | null;
  /** When the card is due (ISO 8601, UTC), or null. */
  dueAt: string | null;
  userId: number;
  Labels: Label[];
  Attachments: Attachment[];
  CheckLists: CheckList[];
  Activities: Activity[];
}

export interface MtnList {
  id: number;
  name: string;
  position: number;
  userId: number;
}

/** GET /api/move-the-needle/summary: the dashboard donut's figures for the user's own board. */
export interface BoardSummary {
  userId: number;
  counts: { 'NOT STARTED': number; 'IN PROGRESS': number; 'ON HOLD': number; COMPLETED: number };
  total: number;
  progress: number;
}

/** An archived card (GET /api/move-the-needle/card/archive/read-many): out of every list until restored. */
export interface ArchivedCard {
  id: number;
  title: string;
  archivedAt: string;
  /** The list it left, while that list exists (restore puts it back there, else in the first list). */
  ListId: number | null;
  listName: string | null;
}

/** One card of the dashboard's "Due soon": on the member's own board, not in COMPLETED. */
export interface DueSoonCard {
  id: number;
  title: string;
  /** ISO 8601, UTC. */
  dueAt: string;
  ListId: number;
  listName: string;
}

/**
 * GET /api/move-the-needle/due-soon: the actor's own cards that are overdue or due within
 * DUE_SOON_DAYS (shared/src/board/due.ts), soonest first; `overdue` counts the ones past due.
 */
export interface DueSoonResponse {
  cards: DueSoonCard[];
  overdue: number;
}
