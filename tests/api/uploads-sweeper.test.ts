import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../api/src/adapters/storage';
import {
  NOT_UPLOAD_REFERENCE_COLUMNS,
  UPLOAD_REFERENCE_COLUMNS,
  sweepUnreferencedUploads,
} from '../../api/src/features/uploads/sweeper';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCourse } from '../helpers/courses';
import { createUser, signIn } from '../helpers/factories';
import { createResource } from '../helpers/resources';

let t: TestApp;
let storage: Storage;
beforeAll(async () => {
  t = await createTestApp();
  storage = createStorage(t.config);
});
afterAll(async () => {
  await t.close();
});

/** A small GIF (stored as sent), so each upload is cheap. */
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(58, 7)]);
const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const fileExists = (key: string) =>
  t.config.storage.kind === 'disk' && fs.existsSync(path.join(t.config.storage.dir, key));
const rowExists = async (key: string) =>
  (await t.knex('uploads').where({ storage_key: key }).first('id')) !== undefined;

async function uploadAs(agent: Awaited<ReturnType<typeof signIn>>, n: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await agent.post('/api/upload').attach('image', GIF, `g${i}.gif`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    urls.push(res.body.latestUploadedFileUrl as string);
  }
  return urls;
}

const ageAll = (hours: number, keys: string[]) =>
  t
    .knex('uploads')
    .whereIn('storage_key', keys)
    .update({ created_at: t.knex.raw(`now() - (? * interval '1 hour')`, [hours]) });

/** Puts `url` into a fresh row's `table.column` (as the whole value, or inside text as markdown). */
async function communityPost(body: string): Promise<number> {
  const space = await t.knex('community_spaces').first<{ id: number }>('id');
  const [row] = await t
    .knex('community_posts')
    .insert({ space_id: space.id, author_id: (await createUser(t.knex)).id, title: 'A post', body })
    .returning<Array<{ id: number }>>('id');
  return row!.id;
}

const PLACE: Record<string, (url: string) => Promise<unknown>> = {
  // A portal setting is an https link (the portal's own address in production) to the upload.
  'portal_settings.value': async (url) =>
    t
      .knex('portal_settings')
      .insert({ key: 'supportUrl', value: `https://portal.academy.test/uploads/${url.split('/').pop()}` }),
  // Community posts and comments: markdown images.
  'community_posts.body': async (url) => communityPost(`![a photo](${url})`),
  'community_comments.body': async (url) =>
    t.knex('community_comments').insert({
      post_id: await communityPost('text'),
      author_id: (await createUser(t.knex)).id,
      body: `see ![](${url})`,
    }),
  'users.photo_url': async (url) =>
    t
      .knex('users')
      .where({ id: (await createUser(t.knex)).id })
      .update({ photo_url: url }),
  'courses.cover_photo_url': async (url) =>
    t
      .knex('courses')
      .where({ id: (await createCourse(t.knex)).id })
      .update({ cover_photo_url: url }),
  'courses.description': async (url) =>
    t
      .knex('courses')
      .where({ id: (await createCourse(t.knex)).id })
      .update({ description: `See ${url} first.` }),
  'lessons.content': async (url) =>
    t
      .knex('lessons')
      .where({ id: (await createCourse(t.knex)).lessons[0] })
      .update({ content: `# Step 1\n\n![shot](${url})\n` }),
  'mtn_cards.cover_photo_url': async (url) =>
    t
      .knex('mtn_cards')
      .where({ id: await card() })
      .update({ cover_photo_url: url }),
  'mtn_cards.description': async (url) =>
    t
      .knex('mtn_cards')
      .where({ id: await card() })
      .update({ description: `[x](${url})` }),
  'mtn_attachments.file_url': async (url) =>
    t.knex('mtn_attachments').insert({ card_id: await card(), file_url: url, file_name: 'a.gif' }),
  'mtn_activities.comment': async (url) =>
    t.knex('mtn_activities').insert({ card_id: await card(), comment: `look: ${url}` }),
  'resources.cover_photo_url': async (url) =>
    t
      .knex('resources')
      .where({ id: (await createResource(t.knex)).id })
      .update({ cover_photo_url: url }),
  'resources.description': async (url) =>
    t
      .knex('resources')
      .where({ id: (await createResource(t.knex)).id })
      .update({ description: `(${url})` }),
  'resources.content': async (url) =>
    t
      .knex('resources')
      .where({ id: (await createResource(t.knex, { type: 'Article' })).id })
      .update({ content: `![](${url})` }),
  'resources.url': async (url) =>
    t
      .knex('resources')
      .where({ id: (await createResource(t.knex)).id })
      .update({ url }),
  'dashboard_banners.content': async (url) =>
    t.knex('dashboard_banners').insert({
      type: 'basic',
      title: 'Hello',
      content: `![banner](${url})`,
      button_text: 'Go',
      button_url: 'https://example.com/',
    }),
  'dashboard_banners.button_url': async (url) =>
    t.knex('dashboard_banners').insert({
      type: 'premium',
      title: 'Hello',
      content: 'Welcome',
      button_text: 'Open',
      button_url: `https://portal.example.com${new URL(url, 'https://x').pathname}`,
    }),
  'products.description': async (url) =>
    t.knex('products').insert({
      user_id: (await createUser(t.knex)).id,
      title: 'Widget',
      description: `photo ${url}`,
      units: 1,
      cost_per_unit: 1,
      shipping_cost: 1,
      amazon_fees: 1,
      amazon_retail: 10,
    }),
};

let boardOwner: number | null = null;
let cardPosition = 0;
/** A new card on one test board. */
async function card(): Promise<number> {
  if (boardOwner === null) {
    boardOwner = (await createUser(t.knex)).id;
    await t.knex('mtn_boards').insert({ user_id: boardOwner });
    await t.knex('mtn_lists').insert({ user_id: boardOwner, name: 'To do', position: 0 });
  }
  const list = await t.knex('mtn_lists').where({ user_id: boardOwner }).first<{ id: number }>('id');
  const [row] = await t
    .knex('mtn_cards')
    .insert({ list_id: list.id, title: 'Card', position: cardPosition++ })
    .returning<Array<{ id: number }>>('id');
  return row!.id;
}

describe('upload sweeper', () => {
  it('the reference list and the not-a-reference list cover every text column of the schema', async () => {
    const rows = await t
      .knex('information_schema.columns')
      .where({ table_schema: 'public' })
      .whereIn('data_type', ['text', 'character varying', 'json', 'jsonb', 'ARRAY'])
      .select<Array<{ table_name: string; column_name: string }>>('table_name', 'column_name');
    const schema = rows.map((r) => `${r.table_name}.${r.column_name}`).sort();
    const listed = [...UPLOAD_REFERENCE_COLUMNS, ...NOT_UPLOAD_REFERENCE_COLUMNS].map(([a, b]) => `${a}.${b}`).sort();
    expect(listed).toEqual(schema);
    expect(Object.keys(PLACE).sort()).toEqual(UPLOAD_REFERENCE_COLUMNS.map(([a, b]) => `${a}.${b}`).sort());
  });

  it('after 24 hours deletes the rows and files of uploads no row references, and keeps every referenced one', async () => {
    const member = await signIn(t.agent(), await createUser(t.knex));
    const columns = Object.keys(PLACE);
    const urls = await uploadAs(member, columns.length + 3);
    const referenced = urls.slice(0, columns.length);
    const [orphan1, orphan2, young] = urls.slice(columns.length) as [string, string, string];
    for (const [i, column] of columns.entries()) {
      // Every other one as an absolute URL, as the lesson editor copies it.
      const url = i % 2 ? `${t.config.publicUrl}${referenced[i]}` : referenced[i]!;
      await PLACE[column]!(url);
    }
    await ageAll(25, [...referenced, orphan1, orphan2].map(keyOf));
    await ageAll(23, [keyOf(young)]);

    const result = await sweepUnreferencedUploads(t.knex, storage);

    expect(result.deleted.sort()).toEqual([keyOf(orphan1), keyOf(orphan2)].sort());
    for (const gone of [orphan1, orphan2]) {
      expect(await rowExists(keyOf(gone))).toBe(false);
      expect(fileExists(keyOf(gone))).toBe(false);
      expect((await member.get(gone)).status).toBe(404);
    }
    for (const [i, kept] of [...referenced, young].entries()) {
      expect(await rowExists(keyOf(kept)), columns[i] ?? 'young').toBe(true);
      expect(fileExists(keyOf(kept)), columns[i] ?? 'young').toBe(true);
    }
    expect((await member.get(referenced[0]!)).status).toBe(200);
    // A second sweep finds nothing more.
    expect((await sweepUnreferencedUploads(t.knex, storage)).deleted).toEqual([]);
  });

  it('an upload that was referenced and no longer is (a replaced photo) goes too, in batches', async () => {
    const user = await createUser(t.knex);
    const member = await signIn(t.agent(), user);
    const [first, second, third] = (await uploadAs(member, 3)) as [string, string, string];
    await t.knex('users').where({ id: user.id }).update({ photo_url: first });
    await ageAll(30, [first, second, third].map(keyOf));
    await t.knex('users').where({ id: user.id }).update({ photo_url: third });

    const result = await sweepUnreferencedUploads(t.knex, storage, { batchSize: 1 });

    expect(result.deleted.sort()).toEqual([keyOf(first), keyOf(second)].sort());
    expect(await rowExists(keyOf(third))).toBe(true);
  });

  it('keeps the rows when a file cannot be deleted, so the next sweep tries again', async () => {
    const member = await signIn(t.agent(), await createUser(t.knex));
    const [url] = (await uploadAs(member, 1)) as [string];
    await ageAll(48, [keyOf(url)]);
    const failing: Storage = { ...storage, delete: () => Promise.reject(new Error('storage is down')) };

    await expect(sweepUnreferencedUploads(t.knex, failing)).rejects.toThrow('storage is down');
    expect(await rowExists(keyOf(url))).toBe(true);

    expect((await sweepUnreferencedUploads(t.knex, storage)).deleted).toEqual([keyOf(url)]);
    expect(fileExists(keyOf(url))).toBe(false);
  });
});
