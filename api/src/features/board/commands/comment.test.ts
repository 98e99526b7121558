/**
 * The comment command: the comment and its mentions, a notification to the board's owner of a
 * coach's new comment and to each coach newly mentioned, a touch of the card; `notify: false` (the
 * review queue's send) writes the comment alone. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import { actor, fillTemplate, listByName, readBoard, type Actor } from '../../../../../tests/api/board-fixtures';
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';
import { comment, deleteComment } from './comment';

let t: TestApp;
let member: Actor;
let coach: Actor;
let other: Actor;
let cora: BoardActor;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  other = await actor(t, { role: 'coach', fullName: 'Otto Coach' });
  cardId = listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.id;
  cora = { id: coach.user.id, fullName: 'Cora Coach', role: 'coach' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, cora, run);
const notes = (userId: number) => t.knex('notifications').where({ user_id: userId, card_id: cardId }).orderBy('id');
const publicUrl = 'http://127.0.0.1:4000';

describe('comment', () => {
  it('a coach’s new comment notifies the owner and each coach it mentions; the touch names the card', async () => {
    const { activityId, touch } = await write((w) =>
      comment(w, { cardId, comment: 'Looks good', mentionedUsers: [other.user.id] }, { publicUrl }),
    );
    expect(touch).toMatchObject({ cards: [cardId], changes: ['comment-changed'] });
    expect(await t.knex('mtn_activities').where({ id: activityId }).first()).toMatchObject({
      card_id: cardId,
      user_id: coach.user.id,
      comment: 'Looks good',
    });
    expect((await notes(member.user.id)).map((n: { type: string }) => n.type)).toEqual(['comment']);
    expect((await notes(other.user.id)).map((n: { type: string }) => n.type)).toEqual(['mention']);

    // A change mentions nobody new: no notification; its mentions are replaced.
    await write((w) => comment(w, { id: activityId, cardId, comment: 'Looks great' }, { publicUrl }));
    expect(await notes(member.user.id)).toHaveLength(1);
    expect(await t.knex('mtn_activity_mentions').where({ activity_id: activityId })).toEqual([]);

    const deleted = await write((w) => deleteComment(w, { id: activityId, card_id: cardId }));
    expect(deleted.cards).toEqual([cardId]);
    expect(await t.knex('mtn_activities').where({ id: activityId }).first()).toBeUndefined();
  });

  it('refuses a mention of someone who is not a coach (nothing written)', async () => {
    const before = await t.knex('mtn_activities').where({ card_id: cardId }).count<Array<{ n: number }>>('* as n');
    await expect(
      write((w) => comment(w, { cardId, comment: 'Hi', mentionedUsers: [member.user.id] }, { publicUrl })),
    ).rejects.toMatchObject({ status: 400 });
    const after = await t.knex('mtn_activities').where({ card_id: cardId }).count<Array<{ n: number }>>('* as n');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('with notify: false, the comment alone', async () => {
    const before = (await notes(member.user.id)).length;
    const { activityId } = await write((w) =>
      comment(w, { cardId, comment: 'Sent back' }, { publicUrl, notify: false }),
    );
    expect(activityId).toBeGreaterThan(0);
    expect(await notes(member.user.id)).toHaveLength(before);
  });
});
