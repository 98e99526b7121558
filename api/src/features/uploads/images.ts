import type Sharp from 'sharp';
import { MESSAGES } from '@shared/messages';
import { payloadTooLarge, unsupportedMediaType } from '../../core/errors';
import type { ImageKind } from '../../core/sniff';
import { UPLOAD_MESSAGES } from './limits';

let loaded: Promise<typeof Sharp> | null = null;
/** sharp (libvips) is loaded on the first image, not at start: most requests never decode one. */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // A server decodes one image per request and never the same one twice: libvips' cache only holds memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** Largest image (width x height) decoded on upload: 50 megapixels (a decoded RGBA copy is 200 MB). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Removes every piece of metadata from a JPEG or PNG upload: EXIF (GPS position, camera, time),
 * XMP, IPTC, comments, PNG text chunks (tEXt, zTXt, iTXt), eXIf and tIME, and the ICC profile
 * (the pixels are converted to sRGB first). The image is decoded and encoded again with sharp
 * (libvips), which writes no metadata unless asked, so nothing a parser does not know survives
 * either. The EXIF orientation is applied to the pixels first, so a phone photo stays upright.
 * JPEG is re-encoded at quality 90; PNG is lossless. GIF and WebP are stored as sent.
 * An image that does not decode is a 415; one above MAX_IMAGE_PIXELS a 413.
 */
export async function stripImageMetadata(bytes: Uint8Array, kind: ImageKind): Promise<Uint8Array> {
  if (kind.ext !== 'jpg' && kind.ext !== 'png') return bytes;
  const sharp = await loadSharp();
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  try {
    const format = (await image.metadata()).format;
    if (format !== (kind.ext === 'jpg' ? 'jpeg' : 'png')) throw new Error(`not a ${kind.ext}: ${format}`);
    const out = kind.ext === 'jpg' ? image.jpeg({ quality: 90 }) : image.png();
    return new Uint8Array(await out.toBuffer());
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw payloadTooLarge(UPLOAD_MESSAGES.tooManyPixels);
    throw unsupportedMediaType(MESSAGES.unsupportedImage);
  }
}
