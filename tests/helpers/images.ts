/**
 * Real images for upload tests, with metadata written byte by byte (so a test does not depend on
 * the library under test to put it there), and parsers that list what a stored file contains.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A solid-colour image of the given size, encoded by sharp (no metadata). */
export async function plainImage(format: 'jpeg' | 'png', width = 8, height = 4): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  return format === 'jpeg' ? base.jpeg().toBuffer() : base.png().toBuffer();
}

/** Where the test photo says it was taken: 51°30'N 0°7'W. */
export const GPS_LATITUDE = [51, 30, 0] as const;

/**
 * A little-endian TIFF block as EXIF carries it: IFD0 with Orientation and a pointer to a GPS IFD
 * holding latitude and longitude (rationals), and the camera's make.
 */
export function exifTiff(orientation = 1): Buffer {
  const entries0 = 3;
  const ifd0Size = 2 + entries0 * 12 + 4;
  const make = Buffer.from('PhoneCam\0', 'latin1');
  const makeOffset = 8 + ifd0Size;
  const gpsOffset = makeOffset + make.length + (make.length % 2);
  const gpsEntries = 4;
  const gpsIfdSize = 2 + gpsEntries * 12 + 4;
  const latOffset = gpsOffset + gpsIfdSize;
  const lonOffset = latOffset + 24;
  const total = lonOffset + 24;
  const b = Buffer.alloc(total);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(8, 4);
  let o = 8;
  const entry = (tag: number, type: number, count: number, value: (at: number) => void) => {
    b.writeUInt16LE(tag, o);
    b.writeUInt16LE(type, o + 2);
    b.writeUInt32LE(count, o + 4);
    value(o + 8);
    o += 12;
  };
  b.writeUInt16LE(entries0, o);
  o += 2;
  entry(0x010f, 2, make.length, (at) => b.writeUInt32LE(makeOffset, at)); // Make
  entry(0x0112, 3, 1, (at) => b.writeUInt16LE(orientation, at)); // Orientation
  entry(0x8825, 4, 1, (at) => b.writeUInt32LE(gpsOffset, at)); // GPSInfo IFD pointer
  b.writeUInt32LE(0, o);
  make.copy(b, makeOffset);
  o = gpsOffset;
  b.writeUInt16LE(gpsEntries, o);
  o += 2;
  entry(0x0001, 2, 2, (at) => b.write('N\0', at, 'latin1')); // GPSLatitudeRef
  entry(0x0002, 5, 3, (at) => b.writeUInt32LE(latOffset, at)); // GPSLatitude
  entry(0x0003, 2, 2, (at) => b.write('W\0', at, 'latin1')); // GPSLongitudeRef
  entry(0x0004, 5, 3, (at) => b.writeUInt32LE(lonOffset, at)); // GPSLongitude
  b.writeUInt32LE(0, o);
  const rationals = (at: number, values: readonly number[]) =>
    values.forEach((v, i) => {
      b.writeUInt32LE(v, at + i * 8);
      b.writeUInt32LE(1, at + i * 8 + 4);
    });
  rationals(latOffset, GPS_LATITUDE);
  rationals(lonOffset, [0, 7, 0]);
  return b;
}

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** A JPEG from a phone: EXIF with GPS (APP1), XMP (APP1), IPTC (APP13) and a comment (COM). */
export async function jpegWithMetadata(orientation = 1, width = 8, height = 4): Promise<Buffer> {
  const jpeg = await plainImage('jpeg', width, height);
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(orientation)]));
  const xmp = segment(
    0xe1,
    Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>51,30N</exif:GPSLatitude></x:xmpmeta>'),
  );
  const iptc = segment(0xed, Buffer.from('Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x05City!', 'latin1'));
  const comment = segment(0xfe, Buffer.from('taken at home, 12 Example Street'));
  return Buffer.concat([jpeg.subarray(0, 2), exif, xmp, iptc, comment, jpeg.subarray(2)]);
}

/** The markers of a JPEG's header segments (up to the start of scan), e.g. 0xe0 for APP0. */
export function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let o = 2;
  while (o + 4 <= jpeg.length && jpeg[o] === 0xff) {
    const marker = jpeg[o + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    o += 2 + jpeg.readUInt16BE(o + 2);
  }
  return markers;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0, 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG with text chunks (tEXt, zTXt, iTXt XMP), an eXIf chunk with GPS and a tIME chunk, right
 * after IHDR. `padTo` adds a tEXt chunk of filler so the file is exactly that many bytes.
 */
export async function pngWithMetadata(padTo?: number): Promise<Buffer> {
  const png = await plainImage('png');
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  const chunks = [
    pngChunk('tEXt', Buffer.from('Comment\0taken at home, 12 Example Street', 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Location\0\0', 'latin1'), zlib.deflateSync('51.5N 0.12W')])),
    pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS 51,30N</x:xmpmeta>', 'latin1')),
    pngChunk('eXIf', exifTiff()),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 1, 2, 3, 4, 5])),
  ];
  let out = Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)]);
  if (padTo !== undefined) {
    const filler = padTo - out.length - 12 - 'Filler\0'.length;
    if (filler < 0) throw new Error(`a PNG with metadata needs at least ${out.length + 19} bytes`);
    const pad = pngChunk('tEXt', Buffer.concat([Buffer.from('Filler\0', 'latin1'), Buffer.alloc(filler, 0x41)]));
    out = Buffer.concat([out.subarray(0, ihdrEnd), pad, out.subarray(ihdrEnd)]);
  }
  return out;
}

/** The chunk types of a PNG, in order. */
export function pngChunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  let o = 8;
  while (o + 8 <= png.length) {
    types.push(png.toString('latin1', o + 4, o + 8));
    o += 12 + png.readUInt32BE(o);
  }
  return types;
}
