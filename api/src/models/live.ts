import { BaseModel, type Timestamp } from './base';

/**
 * `live_events`: a recent live event (docs/areas/live.md), kept minutes for a stream's replay. Written by
 * `publishEvent` (api/src/core/live-events.ts) in the transaction of the change it reports.
 */
export class LiveEvent extends BaseModel {
  static override tableName = 'live_events';
  static override columns = ['id', 'topic', 'key', 'type', 'payload', 'created_at'] as const;

  declare id: number;
  declare topic: 'board' | 'user';
  declare key: number;
  declare type: string;
  declare payload: Record<string, unknown>;
  declare created_at: Timestamp;
}
