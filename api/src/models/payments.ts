import { BaseModel, type Timestamp } from './base';
import { Resource } from './resources';
import { User } from './users';

/** `purchases` */
export class Purchase extends BaseModel {
  static override tableName = 'purchases';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'user_id',
    'resource_id',
    'amount_cents',
    'currency',
    'payment_method_id',
    'idempotency_key',
    'payment_intent_id',
    'status',
    'failure_message',
    'created_at',
    'updated_at',
  ] as const;

  declare id: number;
  declare user_id: number | null;
  declare resource_id: number | null;
  declare amount_cents: number;
  declare currency: string;
  declare payment_method_id: string;
  declare idempotency_key: string;
  declare payment_intent_id: string | null;
  declare status: string;
  declare failure_message: string | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `stripe_events` */
export class StripeEvent extends BaseModel {
  static override tableName = 'stripe_events';
  static override idColumn = 'id';
  static override columns = ['id', 'type', 'created', 'received_at'] as const;

  declare id: string;
  declare type: string;
  declare created: number;
  declare received_at: Timestamp;
}

/** `stripe_customer_states` */
export class StripeCustomerState extends BaseModel {
  static override tableName = 'stripe_customer_states';
  static override idColumn = 'customer_id';
  static override columns = ['customer_id', 'status', 'as_of'] as const;

  declare customer_id: string;
  declare status: string | null;
  declare as_of: number;
}

Purchase.relationMappings = () => ({
  buyer: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: User,
    join: { from: 'purchases.user_id', to: 'users.id' },
  },
  resource: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Resource,
    join: { from: 'purchases.resource_id', to: 'resources.id' },
  },
});
