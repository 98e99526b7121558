import type {
  Activity,
  Attachment,
  BoardPerson,
  CheckList,
  CheckListItem,
  DueSoonCard,
  Label,
  LabelColor,
  MtnList,
} from '@shared/types/board';
import { iso } from '../../../core/dates';
import type * as M from '../../../models';

/**
 * Whitelists: model rows in (their types derived from the models: only the columns a presenter
 * reads), the JSON of shared/src/types/board.ts out. The board read builds the same shapes in SQL.
 */

export const presentList = (r: Pick<M.BoardList, 'id' | 'name' | 'position' | 'user_id'>): MtnList => ({
  id: r.id,
  name: r.name,
  position: r.position,
  userId: r.user_id,
});

export const presentLabel = (r: Pick<M.Label, 'id' | 'name' | 'color' | 'user_id'>): Label => ({
  id: r.id,
  name: r.name,
  color: r.color as LabelColor,
  userId: r.user_id,
});

export const presentAttachment = (
  r: Pick<M.Attachment, 'id' | 'file_url' | 'file_name' | 'card_id' | 'created_at'>,
): Attachment => ({
  id: r.id,
  fileUrl: r.file_url,
  fileName: r.file_name,
  CardId: r.card_id,
  createdAt: iso(r.created_at),
});

export const presentItem = (
  r: Pick<M.ChecklistItem, 'id' | 'title' | 'completed' | 'checklist_id'>,
): CheckListItem => ({
  id: r.id,
  title: r.title,
  completed: r.completed,
  CheckListId: r.checklist_id,
});

export const presentChecklist = (
  r: Pick<M.Checklist, 'id' | 'title' | 'card_id'>,
  items: ReadonlyArray<Pick<M.ChecklistItem, 'id' | 'title' | 'completed' | 'checklist_id'>>,
): CheckList => ({
  id: r.id,
  title: r.title,
  CardId: r.card_id,
  CheckListItems: items.map(presentItem),
});

/** A user as the board shows them (a comment's author, a mentioned coach). */
export type Person = Pick<M.User, 'id' | 'full_name' | 'photo_url'>;
export const presentPerson = (r: Person): BoardPerson => ({
  id: r.id,
  fullName: r.full_name,
  photoUrl: r.photo_url,
});

/** A comment as the read loads it: its columns, its author and the users it mentions. */
export type CommentView = Pick<M.Activity, 'id' | 'comment' | 'card_id' | 'created_at'> & {
  author: Person | null;
  tagged: Person[] | null;
};
export const presentActivity = (r: CommentView): Activity => ({
  id: r.id,
  comment: r.comment,
  CardId: r.card_id,
  User: r.author ? presentPerson(r.author) : null,
  TaggedUsers: (r.tagged ?? []).map(presentPerson),
  createdAt: iso(r.created_at),
});

/** A card of the dashboard's "Due soon" (read-model/due-soon.ts). */
export const presentDueSoon = (
  r: Pick<M.Card, 'id' | 'title'> & { due_at: Date | string; list_id: number; list_name: string },
): DueSoonCard => ({
  id: r.id,
  title: r.title,
  dueAt: iso(r.due_at),
  ListId: r.list_id,
  listName: r.list_name,
});
