import { BaseModel, type Timestamp } from './base';
import { User } from './users';

/** `mtn_boards` */
export class Board extends BaseModel {
  static override tableName = 'mtn_boards';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'user_id',
    'is_template',
    'version',
    'created_at',
    'changed_at',
    'cards_total',
    'cards_done',
  ] as const;

  declare id: number;
  declare user_id: number;
  declare is_template: boolean;
  declare version: number;
  declare created_at: Timestamp;
  /** Set with every version bump: when what the board shows last changed. */
  declare changed_at: Timestamp;
  /** The board's cards, and those in its COMPLETED list (kept by the lists' trigger). */
  declare cards_total: number;
  declare cards_done: number;
}

/** `mtn_lists` */
export class BoardList extends BaseModel {
  static override tableName = 'mtn_lists';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'user_id',
    'name',
    'position',
    'cards_version',
    'created_at',
    'updated_at',
    'cards_count',
  ] as const;

  declare id: number;
  declare user_id: number;
  declare name: string;
  declare position: number;
  declare cards_version: number;
  /** Kept by the cards' trigger. */
  declare cards_count: number;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `mtn_cards` */
export class Card extends BaseModel {
  static override tableName = 'mtn_cards';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'list_id',
    'title',
    'description',
    'position',
    'cover_photo_url',
    'attachments_count',
    'items_total',
    'items_done',
    'activities_count',
    'created_at',
    'updated_at',
    'archived_at',
    'archived_owner_id',
    'archived_list_id',
    'due_at',
  ] as const;

  declare id: number;
  /** Null while the card is archived (see archived_*). */
  declare list_id: number | null;
  declare title: string;
  declare description: string;
  declare position: number | null;
  declare cover_photo_url: string | null;
  declare attachments_count: number;
  declare items_total: number;
  declare items_done: number;
  declare activities_count: number;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
  declare archived_at: Timestamp | null;
  declare archived_owner_id: number | null;
  declare archived_list_id: number | null;
  /** When the card is due (the calendar shows it; docs/areas/calendar.md). */
  declare due_at: Timestamp | null;
}

/** `mtn_labels` */
export class Label extends BaseModel {
  static override tableName = 'mtn_labels';
  static override idColumn = 'id';
  static override columns = ['id', 'user_id', 'name', 'color', 'created_at'] as const;

  declare id: number;
  declare user_id: number;
  declare name: string;
  declare color: string;
  declare created_at: Timestamp;
}

/** `mtn_card_labels` */
export class CardLabel extends BaseModel {
  static override tableName = 'mtn_card_labels';
  static override idColumn = ['card_id', 'label_id'];
  static override columns = ['card_id', 'label_id'] as const;

  declare card_id: number;
  declare label_id: number;
}

/** `mtn_checklists` */
export class Checklist extends BaseModel {
  static override tableName = 'mtn_checklists';
  static override idColumn = 'id';
  static override columns = ['id', 'card_id', 'title', 'created_at'] as const;

  declare id: number;
  declare card_id: number;
  declare title: string;
  declare created_at: Timestamp;
}

/** `mtn_checklist_items` */
export class ChecklistItem extends BaseModel {
  static override tableName = 'mtn_checklist_items';
  static override idColumn = 'id';
  static override columns = ['id', 'checklist_id', 'card_id', 'title', 'completed', 'created_at'] as const;

  declare id: number;
  declare checklist_id: number;
  declare card_id: number;
  declare title: string;
  declare completed: boolean;
  declare created_at: Timestamp;
}

/** `mtn_attachments` */
export class Attachment extends BaseModel {
  static override tableName = 'mtn_attachments';
  static override idColumn = 'id';
  static override columns = ['id', 'card_id', 'file_url', 'file_name', 'created_at'] as const;

  declare id: number;
  declare card_id: number;
  declare file_url: string;
  declare file_name: string;
  declare created_at: Timestamp;
}

/** `mtn_activities` */
export class Activity extends BaseModel {
  static override tableName = 'mtn_activities';
  static override idColumn = 'id';
  static override columns = ['id', 'card_id', 'user_id', 'comment', 'created_at', 'updated_at'] as const;

  declare id: number;
  declare card_id: number;
  declare user_id: number | null;
  declare comment: string;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `mtn_card_events`: a card's history (docs/areas/card-history.md), never a comment. */
export class CardEvent extends BaseModel {
  static override tableName = 'mtn_card_events';
  static override idColumn = 'id';
  static override columns = ['id', 'card_id', 'actor_id', 'kind', 'data', 'created_at'] as const;

  declare id: number;
  declare card_id: number;
  declare actor_id: number | null;
  declare kind: string;
  declare data: Record<string, unknown>;
  declare created_at: Timestamp;
}

/** `mtn_activity_mentions` */
export class ActivityMention extends BaseModel {
  static override tableName = 'mtn_activity_mentions';
  static override idColumn = ['activity_id', 'user_id'];
  static override columns = ['activity_id', 'user_id'] as const;

  declare activity_id: number;
  declare user_id: number;
}

Board.relationMappings = () => ({
  owner: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: User,
    join: { from: 'mtn_boards.user_id', to: 'users.id' },
  },
  lists: {
    relation: BaseModel.HasManyRelation,
    modelClass: BoardList,
    join: { from: 'mtn_boards.user_id', to: 'mtn_lists.user_id' },
  },
  labels: {
    relation: BaseModel.HasManyRelation,
    modelClass: Label,
    join: { from: 'mtn_boards.user_id', to: 'mtn_labels.user_id' },
  },
});

BoardList.relationMappings = () => ({
  cards: {
    relation: BaseModel.HasManyRelation,
    modelClass: Card,
    join: { from: 'mtn_lists.id', to: 'mtn_cards.list_id' },
  },
});

Card.relationMappings = () => ({
  list: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: BoardList,
    join: { from: 'mtn_cards.list_id', to: 'mtn_lists.id' },
  },
  labels: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Label,
    join: {
      from: 'mtn_cards.id',
      through: { from: 'mtn_card_labels.card_id', to: 'mtn_card_labels.label_id' },
      to: 'mtn_labels.id',
    },
  },
  checklists: {
    relation: BaseModel.HasManyRelation,
    modelClass: Checklist,
    join: { from: 'mtn_cards.id', to: 'mtn_checklists.card_id' },
  },
  attachments: {
    relation: BaseModel.HasManyRelation,
    modelClass: Attachment,
    join: { from: 'mtn_cards.id', to: 'mtn_attachments.card_id' },
  },
  activities: {
    relation: BaseModel.HasManyRelation,
    modelClass: Activity,
    join: { from: 'mtn_cards.id', to: 'mtn_activities.card_id' },
  },
});

Checklist.relationMappings = () => ({
  items: {
    relation: BaseModel.HasManyRelation,
    modelClass: ChecklistItem,
    join: { from: 'mtn_checklists.id', to: 'mtn_checklist_items.checklist_id' },
  },
});

Activity.relationMappings = () => ({
  author: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: User,
    join: { from: 'mtn_activities.user_id', to: 'users.id' },
  },
  mentions: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: User,
    join: {
      from: 'mtn_activities.id',
      through: { from: 'mtn_activity_mentions.activity_id', to: 'mtn_activity_mentions.user_id' },
      to: 'users.id',
    },
  },
});
