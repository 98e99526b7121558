import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { plainImage, pngWithMetadata } from '../helpers/images';

// This file's process gets its own temporary directory, set before any module is loaded (a parser
// may read os.tmpdir() once at import), so a test can see what uploads leave behind.
const { tmpRoot, previousTmp } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(`${tmpdir()}/portal-uploads-tmp-`);
  process.env.TMPDIR = dir;
  return { tmpRoot: dir, previousTmp: previous };
});

const MAX = 2048;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
});
afterAll(async () => {
  await t.close();
  // API test files share their worker process (vitest.config.ts): give the next file its TMPDIR back.
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pad = (head: number[], size = 64) => Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length, 1)]);
// PNG and JPEG are decoded and stored again without metadata (uploads-metadata.test.ts), so they
// are real images; GIF and WebP are stored as sent.
const IMAGES: Array<[string, Buffer, string]> = [
  ['png', await plainImage('png'), 'image/png'],
  ['jpg', await plainImage('jpeg'), 'image/jpeg'],
  ['gif', pad([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), 'image/gif'],
  ['webp', pad([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]), 'image/webp'],
];

const member = async () => signIn(t.agent(), await createUser(t.knex));
const uploadCount = async () =>
  Number((await t.knex('uploads').count<Array<{ count: number }>>('* as count'))[0]!.count);
const storedFiles = () => {
  const dir = t.config.storage.kind === 'disk' ? t.config.storage.dir : '';
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
/** What this process left in its temporary directory besides the test app's data directory. */
const leftovers = () => fs.readdirSync(tmpRoot).filter((name) => !name.startsWith('portal-test-'));

/** A GET with the path sent byte for byte (no client-side normalisation of `..`). */
function rawGet(rawPath: string): Promise<number> {
  const { port } = t.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function fetchBytes(url: string) {
  return t
    .request()
    .get(url)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

describe('POST /api/upload', () => {
  it('returns 401 without a session', async () => {
    const res = await t.request().post('/api/upload').attach('image', IMAGES[0]![1], 'a.png');
    expect(res.status).toBe(401);
  });

  it.each(IMAGES)(
    'stores a %s image under a server-made name and serves it back with nosniff',
    async (ext, bytes, mime) => {
      const agent = await member();
      const res = await agent.post('/api/upload').attach('image', bytes, `../../photo.${ext}`);
      expect(res.status).toBe(201);
      const url = res.body.latestUploadedFileUrl as string;
      expect(url).toMatch(
        new RegExp(`^/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.${ext}$`),
      );
      const got = await fetchBytes(url);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe(mime);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]+\.\w+"$/);
      if (ext === 'gif' || ext === 'webp') expect(Buffer.compare(got.body as Buffer, bytes)).toBe(0);
      else expect((got.body as Buffer).subarray(0, 3)).toEqual(bytes.subarray(0, 3));
    },
  );

  it('accepts the board attachment path too', async () => {
    const res = await (await member()).post('/api/move-the-needle/upload').attach('image', IMAGES[0]![1], 'a.png');
    expect(res.status).toBe(201);
  });

  it('refuses HTML or SVG renamed .png with 415, judging by content, and stores nothing', async () => {
    const agent = await member();
    const before = await uploadCount();
    for (const body of [
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    ]) {
      const res = await agent
        .post('/api/upload')
        .attach('image', Buffer.from(body), { filename: 'x.png', contentType: 'image/png' });
      expect(res.status).toBe(415);
    }
    expect(await uploadCount()).toBe(before);
  });

  it('answers 413 one byte over the limit and stores nothing, and accepts a file of exactly the limit', async () => {
    const agent = await member();
    const before = { rows: await uploadCount(), files: storedFiles() };
    const over = await agent.post('/api/upload').attach('image', pad(PNG_HEAD, MAX + 1), 'big.png');
    expect(over.status).toBe(413);
    expect(await uploadCount()).toBe(before.rows);
    expect(storedFiles()).toBe(before.files);
    const ok = await agent.post('/api/upload').attach('image', await pngWithMetadata(MAX), 'max.png');
    expect(ok.status).toBe(201);
  });

  it('answers 413 early when Content-Length announces far more than the limit', async () => {
    const res = await (await member()).post('/api/upload').attach('image', pad(PNG_HEAD, MAX + 200_000), 'huge.png');
    expect(res.status).toBe(413);
  });

  it('answers 400 without the image field and 415 for a non-multipart body', async () => {
    const agent = await member();
    expect((await agent.post('/api/upload').field('other', 'x')).status).toBe(400);
    expect((await agent.post('/api/upload').attach('photo', IMAGES[0]![1], 'a.png')).status).toBe(400);
    expect((await agent.post('/api/upload').send({ image: 'x' })).status).toBe(415);
  });

  it('answers 400, not 413, for two files, too many fields or a malformed body', async () => {
    const agent = await member();
    const two = await agent
      .post('/api/upload')
      .attach('image', IMAGES[0]![1], 'a.png')
      .attach('image', IMAGES[0]![1], 'b.png');
    expect(two.status).toBe(400);
    let many = agent.post('/api/upload');
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) many = many.field(name, '1');
    expect((await many.attach('image', IMAGES[0]![1], 'a.png')).status).toBe(400);
    const noBoundary = await agent.post('/api/upload').set('Content-Type', 'multipart/form-data').send('garbage');
    expect(noBoundary.status).toBe(400);
    const empty = await agent.post('/api/upload').attach('image', Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
  });

  it('leaves no temporary file behind, whatever was sent', async () => {
    const agent = await member();
    await agent.post('/api/upload').attach('other', IMAGES[0]![1], 'a.png');
    await agent.post('/api/upload').attach('image', IMAGES[0]![1], 'a.png').attach('image', IMAGES[1]![1], 'b.jpg');
    await agent.post('/api/upload').attach('image', Buffer.from('<html></html>'), 'x.png');
    await agent.post('/api/upload').attach('image', pad(PNG_HEAD, MAX + 1), 'big.png');
    await agent.post('/api/upload').attach('image', IMAGES[0]![1], 'a.png');
    await new Promise((r) => setTimeout(r, 50));
    expect(leftovers()).toEqual([]);
  });
});

describe('GET /uploads/{key}', () => {
  it('serves nothing outside the upload store', async () => {
    expect(await rawGet('/uploads/../x')).toBe(404);
    expect(await rawGet('/uploads/../../etc/passwd')).toBe(404);
    expect(await rawGet('/uploads/..%2F..%2Fetc%2Fpasswd')).toBe(404);
    expect(await rawGet('/uploads/%2e%2e/x')).toBe(404);
    expect(await rawGet('/uploads/not-a-key.png')).toBe(404);
    expect(await rawGet('/uploads/00000000-0000-4000-8000-000000000000.png')).toBe(404);
  });
});
