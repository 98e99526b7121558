import { describe, expect, it } from 'vitest';
import { isConnectionLost, isIdempotentRead } from './connection-errors';

describe('isConnectionLost', () => {
  it('recognises a terminated, failed or refused connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']) {
      expect(isConnectionLost(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    for (const message of [
      'select 1 - Connection terminated unexpectedly',
      'Connection terminated',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
      'Connection ended unexpectedly',
    ]) {
      expect(isConnectionLost(new Error(message)), message).toBe(true);
    }
  });

  it('leaves statement errors, HTTP errors and non-errors alone', () => {
    for (const code of ['23505', '22P02', '40001', '57014', 'ENOENT']) {
      expect(isConnectionLost(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(isConnectionLost(new Error('relation "nope" does not exist'))).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
    expect(isConnectionLost('Connection terminated')).toBe(false);
  });
});

describe('isIdempotentRead', () => {
  it('accepts plain reads', () => {
    for (const sql of [
      'select "data", "last_seen_at" from "sessions" where "id" = $1 limit $2',
      '  SELECT 1',
      'with t as (select 1) select * from t',
      'select u.*, (select json_agg(x) from tags x) as tags from users u where u.updated_at > $1',
    ]) {
      expect(isIdempotentRead(sql), sql).toBe(true);
    }
  });

  it('refuses writes, locks, sequences and anything not starting as a read', () => {
    for (const sql of [
      'insert into tags (name) values ($1)',
      'update users set city = $1',
      'delete from sessions where id = $1',
      'with moved as (update mtn_cards set position = 0 returning id) select * from moved',
      'select * from mtn_boards where user_id = $1 for update',
      'select * from users for no key update',
      'select nextval(pg_get_serial_sequence($1, $2))',
      'select pg_advisory_xact_lock(1)',
      'select * into backup from users',
      'BEGIN;',
      'truncate users',
    ]) {
      expect(isIdempotentRead(sql), sql).toBe(false);
    }
  });
});
