import { BaseModel, type Timestamp } from './base';

/** `analytics_events`: one recorded event (docs/areas/insights.md#events), append-only; swept after the retention period. */
export class AnalyticsEvent extends BaseModel {
  static override tableName = 'analytics_events';
  static override columns = [
    'id',
    'user_id',
    'role',
    'name',
    'known',
    'source',
    'props',
    'occurred_at',
    'created_at',
  ] as const;

  declare id: number;
  declare user_id: number | null;
  declare role: string | null;
  declare name: string;
  declare known: boolean;
  declare source: 'client' | 'server';
  declare props: Record<string, string | number | boolean | null>;
  declare occurred_at: Timestamp;
  declare created_at: Timestamp;
}

/** `analytics_daily`: events per UTC day, name and role, kept up to date as events are inserted. */
export class AnalyticsDaily extends BaseModel {
  static override tableName = 'analytics_daily';
  static override idColumn = ['day', 'name', 'role'];
  static override columns = ['day', 'name', 'role', 'known', 'count'] as const;

  declare day: string;
  declare name: string;
  declare role: string;
  declare known: boolean;
  declare count: number | string;
}

/** `analytics_active_days`: a user active on a UTC day (one row per user and day). */
export class AnalyticsActiveDay extends BaseModel {
  static override tableName = 'analytics_active_days';
  static override idColumn = ['day', 'user_id'];
  static override columns = ['day', 'user_id', 'role'] as const;

  declare day: string;
  declare user_id: number;
  declare role: string;
}

/** `analytics_active_weeks`: a user active in an ISO week (`week` is its Monday). */
export class AnalyticsActiveWeek extends BaseModel {
  static override tableName = 'analytics_active_weeks';
  static override idColumn = ['week', 'user_id'];
  static override columns = ['week', 'user_id', 'role'] as const;

  declare week: string;
  declare user_id: number;
  declare role: string;
}

/** `analytics_active_day_counts`: members active on a UTC day per role (kept by triggers, migration 0023). */
export class AnalyticsActiveDayCount extends BaseModel {
  static override tableName = 'analytics_active_day_counts';
  static override idColumn = ['day', 'role'];
  static override columns = ['day', 'role', 'n'] as const;

  declare day: string;
  declare role: string;
  declare n: number;
}

/** `analytics_active_week_counts`: members active in an ISO week per role (kept by triggers, migration 0023). */
export class AnalyticsActiveWeekCount extends BaseModel {
  static override tableName = 'analytics_active_week_counts';
  static override idColumn = ['week', 'role'];
  static override columns = ['week', 'role', 'n'] as const;

  declare week: string;
  declare role: string;
  declare n: number;
}

/** `analytics_last_active`: a user's latest active day (kept by triggers, migration 0023). */
export class AnalyticsLastActive extends BaseModel {
  static override tableName = 'analytics_last_active';
  static override idColumn = 'user_id';
  static override columns = ['user_id', 'day'] as const;

  declare user_id: number;
  declare day: string;
}
