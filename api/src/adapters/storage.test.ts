import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStorage } from './storage';

/**
 * The S3 storage through the official AWS SDK (loaded on first use) against a small local server
 * that keeps objects in memory the way S3 answers path-style PUT, GET and DELETE.
 */
const objects = new Map<string, { body: Buffer; type: string }>();
const requests: string[] = [];
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
      requests.push(`${req.method} ${key}`);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) {
          res.writeHead(404, { 'Content-Type': 'application/xml' });
          res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
          return;
        }
        res.writeHead(200, { 'Content-Type': o.type, 'Content-Length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('S3 storage', () => {
  it('puts, reads and deletes an object in the bucket, and owns only its own URLs', async () => {
    const storage = createStorage(
      loadConfig({
        NODE_ENV: 'test',
        S3_BUCKET: 'portal-uploads',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      }),
    );
    expect(storage.kind).toBe('s3');
    const key = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.png';
    const stored = await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(stored.url).toBe(`${endpoint}/${key}`);
    expect(objects.get(`/portal-uploads/${key}`)).toEqual({ body: Buffer.from([1, 2, 3]), type: 'image/png' });
    expect(Array.from((await storage.get(key)) ?? [])).toEqual([1, 2, 3]);
    expect(storage.owns(stored.url)).toBe(key);
    expect(storage.owns(`https://elsewhere.example/${key}`)).toBeNull();
    await storage.delete(key);
    expect(objects.has(`/portal-uploads/${key}`)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(requests).toEqual([
      `PUT /portal-uploads/${key}`,
      `GET /portal-uploads/${key}`,
      `DELETE /portal-uploads/${key}`,
      `GET /portal-uploads/${key}`,
    ]);
  });
});
