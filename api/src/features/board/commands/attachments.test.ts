/**
 * The attachment commands: only the actor's own upload can be attached; adding and removing are
 * history; removing the attachment that is the cover removes the cover. Each touches the card.
 * Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import {
  actor,
  fillTemplate,
  listByName,
  readBoard,
  upload,
  type Actor,
} from '../../../../../tests/api/board-fixtures';
import { attachUpload, deleteAttachment, renameAttachment } from './attachments';
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';

let t: TestApp;
let member: Actor;
let other: Actor;
let mia: BoardActor;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  other = await actor(t, { role: 'premium', fullName: 'Otto Other' });
  cardId = listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.id;
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, mia, run);
const storage = () => t.app.context.deps.storage;

describe('attachment commands', () => {
  it('attaches the actor’s upload, renames it, and deletes it with the cover it was', async () => {
    const url = await upload(member);
    const { attachment, touch } = await write((w) =>
      attachUpload(w, storage(), cardId, { fileUrl: url, fileName: 'photo.png' }),
    );
    expect(attachment).toMatchObject({ card_id: cardId, file_url: url, file_name: 'photo.png' });
    expect(touch).toMatchObject({ cards: [cardId], changes: ['attachment-changed'] });
    const renamed = await write((w) => renameAttachment(w, { id: attachment.id, card_id: cardId }, 'front.png'));
    expect(renamed.attachment.file_name).toBe('front.png');

    await t.knex('mtn_cards').where({ id: cardId }).update({ cover_photo_url: url });
    await write((w) => deleteAttachment(w, { id: attachment.id, card_id: cardId, file_url: url }));
    expect((await t.knex('mtn_cards').where({ id: cardId }).first('cover_photo_url')).cover_photo_url).toBeNull();
    const kinds = await t
      .knex('mtn_card_events')
      .where({ card_id: cardId })
      .whereIn('kind', ['attachment_added', 'attachment_removed'])
      .orderBy('id')
      .pluck('kind');
    expect(kinds).toEqual(['attachment_added', 'attachment_removed']);
  });

  it('refuses another user’s upload and a URL that is not an upload', async () => {
    const theirs = await upload(other);
    await expect(
      write((w) => attachUpload(w, storage(), cardId, { fileUrl: theirs, fileName: 'x.png' })),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      write((w) => attachUpload(w, storage(), cardId, { fileUrl: 'https://example.test/x.png', fileName: 'x.png' })),
    ).rejects.toMatchObject({ status: 400 });
  });
});
