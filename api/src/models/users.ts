import type { Role } from '@shared/limits';
import type { ModelObject, QueryBuilder } from 'objection';
import { BaseModel, type Timestamp } from './base';

/** `users` */
export class User extends BaseModel {
  static override tableName = 'users';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'full_name',
    'email',
    'password_hash',
    'role',
    'is_admin',
    'photo_url',
    'city',
    'state',
    'country',
    'phone_number',
    'stripe_status',
    'stripe_customer_id',
    'always_grant_access',
    'position',
    'created_at',
    'updated_at',
    'coach_id',
    'welcome_seen_at',
    'first_run_dismissed_at',
  ] as const;

  declare id: number;
  declare full_name: string;
  declare email: string;
  declare password_hash: string | null;
  declare role: Role;
  declare is_admin: boolean;
  declare photo_url: string | null;
  declare city: string | null;
  declare state: string | null;
  declare country: string | null;
  declare phone_number: string | null;
  declare stripe_status: string | null;
  declare stripe_customer_id: string | null;
  declare always_grant_access: boolean;
  declare position: number;
  /** The member's coach (docs/areas/review.md#a-members-coach), or null. */
  declare coach_id: number | null;
  declare welcome_seen_at: Timestamp | null;
  /** When the member hid the dashboard's getting-started checklist (docs/screens.md#getting-started), or null. */
  declare first_run_dismissed_at: Timestamp | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `tags` */
export class Tag extends BaseModel {
  static override tableName = 'tags';
  static override idColumn = 'id';
  static override columns = ['id', 'name', 'open_for_signup', 'created_at'] as const;

  /**
   * `ref`: a tag as the API shows it on what it is attached to, `{id, name}`, in the one order every
   * response uses (by name whatever its case, then by id), for `withGraphFetched('tags(ref)')`.
   */
  static override modifiers = {
    ref: (q: QueryBuilder<Tag>) => q.select('tags.id', 'tags.name').orderByRaw('lower(tags.name), tags.id'),
  };

  declare id: number;
  declare name: string;
  declare open_for_signup: boolean;
  declare created_at: Timestamp;
}

/** `user_tags` */
export class UserTag extends BaseModel {
  static override tableName = 'user_tags';
  static override idColumn = ['user_id', 'tag_id'];
  static override columns = ['user_id', 'tag_id'] as const;

  declare user_id: number;
  declare tag_id: number;
}

/** `sessions` */
export class Session extends BaseModel {
  static override tableName = 'sessions';
  static override idColumn = 'id';
  static override columns = ['id', 'user_id', 'data', 'created_at', 'last_seen_at', 'expires_at'] as const;
  static override jsonAttributes = ['data'];

  declare id: string;
  declare user_id: number | null;
  declare data: Record<string, unknown>;
  declare created_at: Timestamp;
  declare last_seen_at: Timestamp;
  declare expires_at: Timestamp;
}

/** `password_reset_tokens` */
export class PasswordResetToken extends BaseModel {
  static override tableName = 'password_reset_tokens';
  static override idColumn = 'id';
  static override columns = ['id', 'user_id', 'token_hash', 'expires_at', 'used_at', 'created_at'] as const;

  declare id: number;
  declare user_id: number;
  declare token_hash: string;
  declare expires_at: Timestamp;
  declare used_at: Timestamp | null;
  declare created_at: Timestamp;
}

/** `audit_log` */
export class AuditLogEntry extends BaseModel {
  static override tableName = 'audit_log';
  static override idColumn = 'id';
  static override columns = ['id', 'actor_id', 'action', 'target_user_id', 'details', 'ip', 'created_at'] as const;
  static override jsonAttributes = ['details'];

  declare id: number;
  declare actor_id: number | null;
  declare action: string;
  declare target_user_id: number | null;
  declare details: Record<string, unknown>;
  declare ip: string | null;
  declare created_at: Timestamp;
}

/** `rate_limits` */
export class RateLimit extends BaseModel {
  static override tableName = 'rate_limits';
  static override idColumn = 'key';
  static override columns = ['key', 'count', 'reset_at'] as const;

  declare key: string;
  declare count: number;
  declare reset_at: Timestamp;
}

/** `uploads` */
export class Upload extends BaseModel {
  static override tableName = 'uploads';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'storage_key',
    'user_id',
    'content_type',
    'size_bytes',
    'original_name',
    'created_at',
  ] as const;

  declare id: number;
  declare storage_key: string;
  declare user_id: number | null;
  declare content_type: string;
  declare size_bytes: number;
  declare original_name: string | null;
  declare created_at: Timestamp;
}

User.relationMappings = () => ({
  coach: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: User,
    join: { from: 'users.coach_id', to: 'users.id' },
  },
  tags: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Tag,
    join: { from: 'users.id', through: { from: 'user_tags.user_id', to: 'user_tags.tag_id' }, to: 'tags.id' },
  },
});

Tag.relationMappings = () => ({
  users: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: User,
    join: { from: 'tags.id', through: { from: 'user_tags.tag_id', to: 'user_tags.user_id' }, to: 'users.id' },
  },
});

/** A `users` row as plain columns (what knex returns for `select *`). */
export type UserRow = ModelObject<User>;
