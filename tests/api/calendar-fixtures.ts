import type { Knex } from 'knex';
import type supertest from 'supertest';
import type { TestApp } from '../helpers/app';
import { createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';

export interface CalendarActor {
  user: CreatedUser;
  agent: supertest.Agent;
}

/** A signed-in user (created before the board cutoff, so premium members have a board). */
export async function calendarActor(t: TestApp, input: UserFactoryInput = {}): Promise<CalendarActor> {
  const user = await createUser(t.knex, { createdAt: '2024-06-01T12:00:00Z', ...input });
  return { user, agent: await signIn(t.agent(), user) };
}

/** A card due at `dueAt` on a list of its own for `ownerId`, straight in the database. */
export async function dueCard(knex: Knex, ownerId: number, title: string, dueAt: string): Promise<number> {
  let list = await knex('mtn_lists')
    .where({ user_id: ownerId, name: 'Calendar test' })
    .first<{ id: number } | undefined>();
  if (!list) {
    await knex('mtn_boards').insert({ user_id: ownerId }).onConflict('user_id').ignore();
    const lists = await knex('mtn_lists').where({ user_id: ownerId }).count<Array<{ n: number }>>('* as n').first();
    const [row] = await knex('mtn_lists')
      .insert({ user_id: ownerId, name: 'Calendar test', position: Number(lists?.n ?? 0) })
      .returning<Array<{ id: number }>>('id');
    list = row!;
  }
  const n = await knex('mtn_cards').where({ list_id: list.id }).count<Array<{ n: number }>>('* as n').first();
  const [card] = await knex('mtn_cards')
    .insert({ list_id: list.id, title, position: Number(n?.n ?? 0), due_at: new Date(dueAt) })
    .returning<Array<{ id: number }>>('id');
  return card!.id;
}

export const call = (over: Record<string, unknown> = {}) => ({
  title: 'Weekly coaching call',
  startsAt: '2026-12-07T15:00:00Z',
  durationMinutes: 60,
  joinUrl: 'https://meet.example.com/abc',
  description: 'Bring your numbers',
  ...over,
});
