import { BaseModel, type Timestamp } from './base';
import { Tag, User } from './users';

/** `calendar_calls`: a coaching call, once or repeating (docs/areas/calendar.md). */
export class CalendarCall extends BaseModel {
  static override tableName = 'calendar_calls';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'title',
    'description',
    'starts_at',
    'duration_minutes',
    'join_url',
    'repeat',
    'until',
    'roles',
    'created_by',
    'created_at',
    'updated_at',
  ] as const;

  declare id: number;
  declare title: string;
  declare description: string;
  declare starts_at: Timestamp;
  declare duration_minutes: number;
  declare join_url: string;
  declare repeat: string;
  /** The last moment an occurrence may start (repeating calls); null: no end. */
  declare until: Timestamp | null;
  /** The roles that see the call; empty: every role. */
  declare roles: string[];
  declare created_by: number | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
  /** Through `withGraphFetched('tags')`. */
  declare tags?: Tag[];
}

/** `calendar_call_tags`: the tags that see a call (docs/areas/calendar.md, "Who sees a call"). */
export class CalendarCallTag extends BaseModel {
  static override tableName = 'calendar_call_tags';
  static override idColumn = ['call_id', 'tag_id'];
  static override columns = ['call_id', 'tag_id'] as const;

  declare call_id: number;
  declare tag_id: number;
}

/** `calendar_rsvps`: a member's answer for a call (all its occurrences). */
export class CalendarRsvp extends BaseModel {
  static override tableName = 'calendar_rsvps';
  static override idColumn = ['call_id', 'user_id'];
  static override columns = ['call_id', 'user_id', 'going', 'updated_at'] as const;

  declare call_id: number;
  declare user_id: number;
  declare going: boolean;
  declare updated_at: Timestamp;
}

/** `calendar_call_reminders`: a reminder sent, once per call, member and occurrence. */
export class CalendarCallReminder extends BaseModel {
  static override tableName = 'calendar_call_reminders';
  static override idColumn = ['call_id', 'user_id', 'occurrence_at'];
  static override columns = ['call_id', 'user_id', 'occurrence_at', 'sent_at'] as const;

  declare call_id: number;
  declare user_id: number;
  declare occurrence_at: Timestamp;
  declare sent_at: Timestamp;
}

/** `calendar_feeds`: a member's secret feed address (its salt and the SHA-256 of its token; never the token). */
export class CalendarFeed extends BaseModel {
  static override tableName = 'calendar_feeds';
  static override idColumn = 'user_id';
  static override columns = ['user_id', 'salt', 'token_hash', 'created_at', 'rotated_at'] as const;

  declare user_id: number;
  declare salt: string;
  declare token_hash: string;
  declare created_at: Timestamp;
  declare rotated_at: Timestamp;
}

CalendarCall.relationMappings = () => ({
  tags: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Tag,
    join: {
      from: 'calendar_calls.id',
      through: { from: 'calendar_call_tags.call_id', to: 'calendar_call_tags.tag_id' },
      to: 'tags.id',
    },
  },
  creator: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: User,
    join: { from: 'calendar_calls.created_by', to: 'users.id' },
  },
});
