import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { MESSAGES } from '@shared/messages';
import { isAdminRole } from '@shared/policies';
import { endpoint } from '../../core/endpoint';
import { badRequest, HttpError, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';
import { sniffImage } from '../../core/sniff';
import { isValidStorageKey } from '../../adapters/storage';
import type { PortalContext, PortalState } from '../../core/context';
import { stripImageMetadata } from './images';
import { UPLOAD_MESSAGES, UPLOAD_RATE_WINDOW_MS } from './limits';
import { bytesUsedBy, forgetUpload, recordUpload, uploadContentType } from './service';

interface UploadedFile {
  filepath: string;
  size: number;
  originalFilename?: string | null;
}

/** formidable's error codes for a body over a size limit (file, all files, or field data). */
const TOO_LARGE_CODES = new Set([1016, 1009, 1006]);

/**
 * Parses the multipart body into `dir` (a directory of this request only, removed afterwards, so
 * no temporary file outlives the request whatever the client sent). Size limits give 413; any
 * other malformed upload (extra files, too many fields, no boundary, aborted) gives 400.
 */
async function parseMultipart(ctx: PortalContext, maxBytes: number, dir: string): Promise<void> {
  const parser = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: { uploadDir: dir, maxFileSize: maxBytes, maxFiles: 1, maxFields: 5, allowEmptyFiles: false },
  });
  try {
    await parser(ctx, async () => {});
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'number' && TOO_LARGE_CODES.has(code)) throw payloadTooLarge();
    throw badRequest(MESSAGES.uploadFailed, { image: 'Send one image in the field image' });
  }
}

/**
 * POST /api/upload (multipart field `image`) -> { latestUploadedFileUrl }. Images only, recognised
 * by content; above the size limit 413; stored under a server-made name through the storage adapter.
 * Per member: UPLOAD_RATE_LIMIT uploads per 10 minutes (then 429 with Retry-After, counted before
 * the body is read) and UPLOAD_QUOTA_BYTES of stored uploads (then 413; admins have no quota).
 * JPEG and PNG are stored without metadata (images.ts).
 * GET /uploads/{key} serves disk-stored files with nosniff and the sniffed content type.
 */
export function uploadRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>();

  router.post(
    ['/api/upload', '/api/move-the-needle/upload'],
    // No chain transaction: the rate limit counts every attempt (a refused upload too), the body is
    // read before anything is written, and the row is recorded in recordUpload's short transaction.
    ...endpoint({ authorize: 'upload:image' }, async (ctx) => {
      const user = ctx.user;
      const { config, knex, storage } = ctx.deps;
      const limit = await hitRateLimit(knex, `upload:${user.id}`, UPLOAD_RATE_WINDOW_MS);
      if (limit.count > config.uploadRateLimit) {
        throw tooManyRequests(UPLOAD_MESSAGES.tooManyUploads, limit.retryAfterSeconds);
      }
      const type = (ctx.get('Content-Type') || '').toLowerCase();
      if (!type.startsWith('multipart/form-data')) throw unsupportedMediaType('Send the image as multipart/form-data');
      const maxBytes = config.uploadMaxBytes;
      const length = Number(ctx.get('Content-Length') || 0);
      if (length > maxBytes + 64 * 1024) throw payloadTooLarge();
      const quota = isAdminRole(user) ? null : config.uploadQuotaBytes;
      // A member whose space is used up is told so before the body is read (recordUpload checks again).
      if (quota !== null && (await bytesUsedBy(knex, user.id)) >= quota) {
        throw payloadTooLarge(UPLOAD_MESSAGES.quotaExceeded(quota));
      }
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-upload-'));
      try {
        await parseMultipart(ctx, maxBytes, dir);
        const files = ctx.request.files as Record<string, UploadedFile | UploadedFile[]> | undefined;
        const entry = files?.image;
        const file = Array.isArray(entry) ? entry[0] : entry;
        if (!file) throw badRequest(MESSAGES.uploadFailed, { image: 'Choose an image to upload' });
        if (file.size > maxBytes) throw payloadTooLarge();
        const sent = new Uint8Array(await fs.readFile(file.filepath));
        const kind = sniffImage(sent);
        if (!kind) throw unsupportedMediaType(MESSAGES.unsupportedImage);
        const bytes = await stripImageMetadata(sent, kind);
        const key = `${crypto.randomUUID()}.${kind.ext}`;
        await recordUpload(
          knex,
          {
            storageKey: key,
            userId: user.id,
            contentType: kind.mime,
            sizeBytes: bytes.length,
            originalName: (file.originalFilename ?? '').slice(0, 255) || null,
          },
          quota,
        );
        let url: string;
        try {
          url = (await storage.put(key, bytes, kind.mime)).url;
        } catch (err) {
          await forgetUpload(knex, key);
          throw err;
        }
        ctx.status = 201;
        ctx.body = { latestUploadedFileUrl: url };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }),
  );

  // Public (no session), as before: a stored upload with its recorded content type, and nosniff.
  router.get(
    '/uploads/:key',
    ...endpoint({ auth: false }, async (ctx) => {
      const key = ctx.params.key ?? '';
      if (!isValidStorageKey(key)) {
        ctx.status = 404;
        return;
      }
      const contentType = await uploadContentType(ctx.deps.knex, key);
      const bytes = contentType ? await ctx.deps.storage.get(key) : null;
      if (!contentType || !bytes) {
        ctx.status = 404;
        return;
      }
      ctx.type = contentType;
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Disposition', `inline; filename="${key}"`);
      ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
      ctx.body = Buffer.from(bytes);
    }),
  );

  return router;
}
