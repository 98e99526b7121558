import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config';

export interface StoredObject {
  key: string;
  url: string;
}

export interface Storage {
  kind: 'disk' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredObject>;
  /** Reads an object back (disk storage serves /uploads/{key} through the API). */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes an object; a key that is not there is not an error (the upload sweeper retries). */
  delete(key: string): Promise<void>;
  /** The public URL of a key; our own storage only. */
  urlFor(key: string): string;
  /** Whether a URL points into this storage (attachments and photos must). */
  owns(url: string): string | null;
}

const KEY_RE = /^[a-z0-9][a-z0-9-]{8,80}\.(png|jpg|gif|webp)$/;

export function isValidStorageKey(key: string): boolean {
  return KEY_RE.test(key);
}

export function createStorage(config: Config): Storage {
  const s = config.storage;
  if (s.kind === 'disk') {
    const dir = s.dir;
    const prefix = '/uploads/';
    return {
      kind: 'disk',
      async put(key, bytes) {
        if (!isValidStorageKey(key)) throw new Error('invalid storage key');
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, key), bytes, { flag: 'wx' });
        return { key, url: prefix + key };
      },
      async get(key) {
        if (!isValidStorageKey(key)) return null;
        try {
          return new Uint8Array(await fs.readFile(path.join(dir, key)));
        } catch {
          return null;
        }
      },
      async delete(key) {
        if (!isValidStorageKey(key)) return;
        await fs.rm(path.join(dir, key), { force: true });
      },
      urlFor: (key) => prefix + key,
      owns(url) {
        const rel = url.startsWith(config.publicUrl + prefix) ? url.slice(config.publicUrl.length) : url;
        if (!rel.startsWith(prefix)) return null;
        const key = rel.slice(prefix.length);
        return isValidStorageKey(key) ? key : null;
      },
    };
  }
  // Loaded only when S3 storage is configured: the SDK takes most of a second to load.
  const { DeleteObjectCommand, PutObjectCommand, GetObjectCommand, S3Client } = createRequire(import.meta.url)(
    '@aws-sdk/client-s3',
  ) as typeof S3;
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint, forcePathStyle: true } : {}),
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
  });
  const base = (s.publicBaseUrl ?? `${s.endpoint ?? `https://${s.bucket}.s3.${s.region}.amazonaws.com`}`).replace(
    /\/+$/,
    '',
  );
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      if (!isValidStorageKey(key)) throw new Error('invalid storage key');
      await client.send(
        new PutObjectCommand({
          Bucket: s.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentDisposition: 'inline',
        }),
      );
      return { key, url: `${base}/${key}` };
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return;
      // S3 answers 204 for a key that does not exist, so a retry after a partial sweep is fine.
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    },
    urlFor: (key) => `${base}/${key}`,
    owns(url) {
      if (!url.startsWith(base + '/')) return null;
      const key = url.slice(base.length + 1);
      return isValidStorageKey(key) ? key : null;
    },
  };
}
