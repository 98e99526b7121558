import type {
  Activity,
  Attachment,
  BoardPerson,
  CheckList,
  CheckListItem,
  Label,
  LabelColor,
  MtnList,
} from '@shared/types/board';
import { iso } from '../../core/dates';

/** Whitelists: rows in, the JSON of SPEC §3 out. The board read builds the same shapes in SQL. */

export interface ListRow {
  id: number;
  name: string;
  position: number;
  user_id: number;
}
export const presentList = (r: ListRow): MtnList => ({
  id: r.id,
  name: r.name,
  position: r.position,
  userId: r.user_id,
});

export interface LabelRow {
  id: number;
  name: string;
  color: string;
  user_id: number;
}
export const presentLabel = (r: LabelRow): Label => ({
  id: r.id,
  name: r.name,
  color: r.color as LabelColor,
  userId: r.user_id,
});

export interface AttachmentRow {
  id: number;
  file_url: string;
  file_name: string;
  card_id: number;
  created_at: Date | string;
}
export const presentAttachment = (r: AttachmentRow): Attachment => ({
  id: r.id,
  fileUrl: r.file_url,
  fileName: r.file_name,
  CardId: r.card_id,
  createdAt: iso(r.created_at),
});

export interface ItemRow {
  id: number;
  title: string;
  completed: boolean;
  checklist_id: number;
}
export const presentItem = (r: ItemRow): CheckListItem => ({
  id: r.id,
  title: r.title,
  completed: r.completed,
  CheckListId: r.checklist_id,
});

export interface ChecklistRow {
  id: number;
  title: string;
  card_id: number;
}
export const presentChecklist = (r: ChecklistRow, items: ItemRow[]): CheckList => ({
  id: r.id,
  title: r.title,
  CardId: r.card_id,
  CheckListItems: items.map(presentItem),
});

export interface PersonRow {
  id: number;
  full_name: string;
  photo_url: string | null;
}
export const presentPerson = (r: PersonRow): BoardPerson => ({
  id: r.id,
  fullName: r.full_name,
  photoUrl: r.photo_url,
});

export interface ActivityRow {
  id: number;
  comment: string;
  card_id: number;
  created_at: Date | string;
  author: PersonRow | null;
  tagged: PersonRow[] | null;
}
export const presentActivity = (r: ActivityRow): Activity => ({
  id: r.id,
  comment: r.comment,
  CardId: r.card_id,
  User: r.author ? presentPerson(r.author) : null,
  TaggedUsers: (r.tagged ?? []).map(presentPerson),
  createdAt: iso(r.created_at),
});
