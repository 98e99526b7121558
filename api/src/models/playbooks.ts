import type { PlaybookCard } from '@shared/types/playbooks';
import { BaseModel, type Timestamp } from './base';

/** `recurring_cards`: a card made every week or month on its members' boards (docs/areas/playbooks.md). */
export class RecurringCardRule extends BaseModel {
  static override tableName = 'recurring_cards';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'created_by',
    'title',
    'description',
    'checklist',
    'every',
    'weekday',
    'day_of_month',
    'due_after_days',
    'user_ids',
    'tag_ids',
    'created_at',
    'updated_at',
  ] as const;
  static override jsonAttributes = ['checklist', 'user_ids', 'tag_ids'];

  declare id: number;
  declare created_by: number | null;
  declare title: string;
  declare description: string;
  declare checklist: string[];
  declare every: 'week' | 'month';
  declare weekday: number | null;
  declare day_of_month: number | null;
  declare due_after_days: number;
  declare user_ids: number[];
  declare tag_ids: number[];
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `recurring_card_runs`: a period's card made, once per rule, member and period. */
export class RecurringCardRun extends BaseModel {
  static override tableName = 'recurring_card_runs';
  static override idColumn = ['recurring_id', 'user_id', 'period'];
  static override columns = ['recurring_id', 'user_id', 'period', 'card_id', 'created_at'] as const;

  declare recurring_id: number;
  declare user_id: number;
  declare period: string;
  declare card_id: number | null;
  declare created_at: Timestamp;
}

/** `playbooks`: a named list of cards coaches and admins apply to members. */
export class Playbook extends BaseModel {
  static override tableName = 'playbooks';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'name',
    'description',
    'cards',
    'launch',
    'created_by',
    'created_at',
    'updated_at',
  ] as const;
  static override jsonAttributes = ['cards'];

  declare id: number;
  declare name: string;
  declare description: string;
  declare cards: PlaybookCard[];
  declare launch: boolean;
  declare created_by: number | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `playbook_runs`: a playbook applied to a member under a key (the same key again adds nothing). */
export class PlaybookRun extends BaseModel {
  static override tableName = 'playbook_runs';
  static override idColumn = ['key', 'user_id'];
  static override columns = ['key', 'user_id', 'playbook_id', 'applied_by', 'created_at'] as const;

  declare key: string;
  declare user_id: number;
  declare playbook_id: number | null;
  declare applied_by: number | null;
  declare created_at: Timestamp;
}
