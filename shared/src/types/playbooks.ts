import type { Recurrence } from '../schemas/playbooks';

export type { Recurrence };

/** A recurring card (docs/areas/playbooks.md): one new card per period on each target's board. */
export interface RecurringCard {
  id: number;
  title: string;
  description: string;
  checklist: string[];
  every: Recurrence;
  /** week: the day of the week it is made on (0 Sunday … 6 Saturday). */
  weekday: number | null;
  /** month: the day of the month it is made on (1 … 28). */
  dayOfMonth: number | null;
  /** Days after the day it is made that it is due (its due date is that day's end, 23:59 UTC). */
  dueAfterDays: number;
  /** The members it is for (a member's own: themself) and the tags whose members get it too. */
  userIds: number[];
  tagIds: number[];
  createdBy: { id: number; fullName: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/move-the-needle/recurring/read-many */
export interface RecurringReadManyResponse {
  recurring: RecurringCard[];
}

/** POST /api/move-the-needle/recurring/upsert */
export interface RecurringUpsertResponse {
  recurring: RecurringCard;
  isNew: boolean;
}

export interface PlaybookCard {
  title: string;
  description: string;
  checklist: string[];
  labels: string[];
  /** Days after the start day that the card is due; none: no due date. */
  dueInDays: number | null;
}

/** A named plan of cards that coaches and admins put on members' boards at once. */
export interface Playbook {
  id: number;
  name: string;
  description: string;
  cards: PlaybookCard[];
  /** The playbook the qualifier's "Start this product" offers (at most one). */
  launch: boolean;
  createdBy: { id: number; fullName: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/playbooks/read-many */
export interface PlaybookReadManyResponse {
  playbooks: Playbook[];
}

/** POST /api/playbooks/upsert */
export interface PlaybookUpsertResponse {
  playbook: Playbook;
  isNew: boolean;
}

/** GET /api/playbooks/launch */
export interface PlaybookLaunchResponse {
  playbook: Playbook | null;
}

/** One member a coach or an admin may plan for. */
export interface PlanMember {
  id: number;
  fullName: string;
  email: string;
}

/** GET /api/playbooks/members: the premium members, by name (the Members pickers of /plans). */
export interface PlanMembersResponse {
  members: PlanMember[];
}

/** POST /api/playbooks/apply: members whose boards got the cards, and those skipped (no board, or this key already applied to them). */
export interface PlaybookApplyResponse {
  applied: number;
  skipped: number;
}
