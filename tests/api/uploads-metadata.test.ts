import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { jpegMarkers, jpegWithMetadata, pngChunkTypes, pngWithMetadata } from '../helpers/images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const member = async () => signIn(t.agent(), await createUser(t.knex));

/** Uploads `bytes` and reads back what the portal stored. */
async function roundTrip(bytes: Buffer, name: string): Promise<{ url: string; stored: Buffer; type: string }> {
  const agent = await member();
  const res = await agent.post('/api/upload').attach('image', bytes, name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = res.body.latestUploadedFileUrl as string;
  const got = await agent
    .get(url)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(got.status).toBe(200);
  return { url, stored: got.body as Buffer, type: got.headers['content-type'] as string };
}

/** Words of the fixtures' metadata that must not survive in any form. */
const SECRETS = ['Exif', 'PhoneCam', 'Example Street', 'xmpmeta', 'GPS', 'Photoshop', '8BIM', 'Location'];

describe('uploads lose their metadata', () => {
  it('a phone JPEG with EXIF GPS, XMP, IPTC and a comment is stored without any of them, still a valid JPEG', async () => {
    const photo = await jpegWithMetadata();
    const before = await sharp(photo).metadata();
    expect(before.exif?.length).toBeGreaterThan(100); // the fixture really carries EXIF (with a GPS IFD)
    expect(jpegMarkers(photo)).toEqual(expect.arrayContaining([0xe1, 0xed, 0xfe]));

    const { stored, type } = await roundTrip(photo, 'IMG_0001.jpg');

    expect(type).toBe('image/jpeg');
    const markers = jpegMarkers(stored);
    // No APPn segment (EXIF/XMP APP1, ICC APP2, IPTC APP13 ...) and no comment; image segments only.
    expect(markers.filter((m) => (m >= 0xe1 && m <= 0xef) || m === 0xfe)).toEqual([]);
    expect(markers.at(-1)).toBe(0xda);
    for (const secret of SECRETS) expect(stored.includes(Buffer.from(secret, 'latin1')), secret).toBe(false);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 8, height: 4 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect((await sharp(stored).raw().toBuffer()).length).toBe(8 * 4 * 3);
  });

  it('a rotated phone photo (EXIF orientation 6) is stored upright, without the orientation tag', async () => {
    const { stored } = await roundTrip(await jpegWithMetadata(6, 8, 4), 'portrait.jpg');
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ width: 4, height: 8 });
    expect(after.orientation).toBeUndefined();
  });

  it('a PNG with tEXt, zTXt, iTXt, eXIf and tIME chunks is stored without them, still a valid PNG', async () => {
    const png = await pngWithMetadata();
    expect(pngChunkTypes(png)).toEqual(expect.arrayContaining(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']));
    expect((await sharp(png).metadata()).exif?.length).toBeGreaterThan(100);

    const { stored, type } = await roundTrip(png, 'screenshot.png');

    expect(type).toBe('image/png');
    const chunks = pngChunkTypes(stored);
    expect(chunks[0]).toBe('IHDR');
    expect(chunks.at(-1)).toBe('IEND');
    for (const chunk of chunks) expect(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']).toContain(chunk);
    for (const secret of SECRETS) expect(stored.includes(Buffer.from(secret, 'latin1')), secret).toBe(false);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'png', width: 8, height: 4 });
    expect(after.exif).toBeUndefined();
    expect(after.comments ?? []).toEqual([]);
    // Lossless: the same pixels as the original.
    expect(Buffer.compare(await sharp(stored).raw().toBuffer(), await sharp(png).raw().toBuffer())).toBe(0);
  });

  it('the stored size is what counts against the quota', async () => {
    const { url, stored } = await roundTrip(await jpegWithMetadata(), 'a.jpg');
    const row = await t
      .knex('uploads')
      .where({ storage_key: url.slice('/uploads/'.length) })
      .first('size_bytes');
    expect(row.size_bytes).toBe(stored.length);
  });

  it.each([
    ['jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)])],
    ['png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 1)])],
  ])('a %s that only starts like one (does not decode) is a 415 and is not stored', async (ext, bytes) => {
    const agent = await member();
    const before = await t.knex('uploads').count<Array<{ n: number }>>('* as n');
    const res = await agent.post('/api/upload').attach('image', bytes, `fake.${ext}`);
    expect(res.status).toBe(415);
    expect(await t.knex('uploads').count<Array<{ n: number }>>('* as n')).toEqual(before);
  });
});
