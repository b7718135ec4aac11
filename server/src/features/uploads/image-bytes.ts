/**
 * What a file's bytes say it is, and whether the image ends where its own structure says it
 * does. Names and Content-Type headers are the sender's word; these checks are not.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const startsWith = (bytes: Buffer, signature: number[] | string, at = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : signature;
  if (bytes.length < at + expected.length) return false;
  for (let i = 0; i < expected.length; i++) if (bytes[at + i] !== expected[i]) return false;
  return true;
};

/** The AVIF file type box: `ftyp` with `avif`/`avis` as major or compatible brand. */
function isAvif(bytes: Buffer): boolean {
  if (!startsWith(bytes, 'ftyp', 4)) return false;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size > bytes.length || size % 4 !== 0) return false;
  for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4) {
    const brand = bytes.toString('latin1', at, at + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** The image format by its signature, or undefined for anything we do not take (SVG, PDF, HEIC…). */
export function sniffImageKind(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (isAvif(bytes)) return 'avif';
  return undefined;
}

class Truncated extends Error {}

/** Reads past the end throw `Truncated`, so a walker never runs off a short or lying file. */
function reader(bytes: Buffer) {
  const within = <T>(at: number, length: number, read: () => T): T => {
    if (at < 0 || at + length > bytes.length) throw new Truncated();
    return read();
  };
  return {
    u8: (at: number) => within(at, 1, () => bytes.readUInt8(at)),
    u16be: (at: number) => within(at, 2, () => bytes.readUInt16BE(at)),
    u32be: (at: number) => within(at, 4, () => bytes.readUInt32BE(at)),
    u32le: (at: number) => within(at, 4, () => bytes.readUInt32LE(at)),
    u64be: (at: number) => within(at, 8, () => Number(bytes.readBigUInt64BE(at))),
    text: (at: number, length: number) =>
      within(at, length, () => bytes.toString('latin1', at, at + length)),
  };
}

/**
 * Where compressed pixel data lies, `[from, to)`: random-looking bytes in which a photo's noise
 * spells `<svg` now and then (about one 3 MB photo in 200), so the markup check skips them.
 * Only sharp's re-encoding of the pixels is ever stored or served.
 */
type PixelData = [number, number][];

/** PNG: chunks from the signature to IEND. */
function pngEnd(bytes: Buffer, pixels: PixelData): number {
  const r = reader(bytes);
  let at = 8;
  for (;;) {
    const length = r.u32be(at);
    const type = r.text(at + 4, 4);
    if (type === 'IDAT') pixels.push([at + 8, at + 8 + length]);
    at += 12 + length;
    if (at > bytes.length) throw new Truncated();
    if (type === 'IEND') return at;
  }
}

/** JPEG: marker segments, entropy-coded scans, up to EOI (embedded thumbnails are skipped whole). */
function jpegEnd(bytes: Buffer, pixels: PixelData): number {
  const r = reader(bytes);
  let at = 2;
  for (;;) {
    if (r.u8(at) !== 0xff) throw new Truncated();
    const marker = r.u8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    at += 2 + r.u16be(at + 2);
    if (marker === 0xda) {
      // Scan data runs until a marker that is neither a stuffed 0xFF00 nor a restart marker.
      const scanStart = at;
      for (;;) {
        at = bytes.indexOf(0xff, at);
        if (at < 0) throw new Truncated();
        const next = r.u8(at + 1);
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        at += 2;
      }
      pixels.push([scanStart, at]);
    }
  }
}

/** GIF: header, palette, then extension and image blocks up to the trailer. */
function gifEnd(bytes: Buffer): number {
  const r = reader(bytes);
  const palette = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number) => {
    let at = from;
    for (let size = r.u8(at); size !== 0; size = r.u8(at)) at += 1 + size;
    return at + 1;
  };
  let at = 13 + palette(r.u8(10));
  for (;;) {
    const block = r.u8(at);
    if (block === 0x3b) return at + 1;
    if (block === 0x21) at = skipSubBlocks(at + 2);
    else if (block === 0x2c) at = skipSubBlocks(at + 10 + palette(r.u8(at + 9)) + 1);
    else throw new Truncated();
  }
}

/** WebP: one RIFF container whose declared size is the file. */
function webpEnd(bytes: Buffer): number {
  const size = reader(bytes).u32le(4);
  return 8 + size + (size % 2);
}

/** AVIF: top-level ISO-BMFF boxes laid end to end. */
function avifEnd(bytes: Buffer): number {
  const r = reader(bytes);
  let at = 0;
  while (at < bytes.length) {
    let size = r.u32be(at);
    if (size === 1) size = r.u64be(at + 8);
    else if (size === 0) size = bytes.length - at;
    if (size < 8) throw new Truncated();
    at += size;
  }
  return at;
}

const endOf: Record<ImageKind, (bytes: Buffer, pixels: PixelData) => number> = {
  png: pngEnd,
  jpeg: jpegEnd,
  gif: gifEnd,
  webp: webpEnd,
  avif: avifEnd,
};

/** Markup that has no business inside an image: the payload of an HTML/SVG/PHP polyglot. */
const MARKUP = [
  '<script',
  '<html',
  '<body',
  '<iframe',
  '<svg',
  '<?php',
  '<!doctype',
  'javascript:',
];

export type StructureProblem = 'damaged' | 'extra-data';

/**
 * Whether the file is one image and nothing else: its structure ends exactly at the end of the
 * file (only zero padding may follow) and it carries no markup. Polyglots (an image that is also
 * HTML, a script or an archive) fail one or the other.
 */
export function structureProblem(bytes: Buffer, kind: ImageKind): StructureProblem | undefined {
  let end: number;
  const pixels: PixelData = [];
  try {
    end = endOf[kind](bytes, pixels);
  } catch (error) {
    if (error instanceof Truncated) return 'damaged';
    throw error;
  }
  if (end > bytes.length) return 'damaged';
  for (let at = end; at < bytes.length; at++) if (bytes[at] !== 0) return 'extra-data';
  let text = '';
  let from = 0;
  for (const [start, stop] of [...pixels, [bytes.length, bytes.length] as const]) {
    // A space where pixel data was: markup cannot straddle it.
    text += `${bytes.toString('latin1', from, Math.max(from, start))} `;
    from = Math.max(from, stop);
  }
  text = text.toLowerCase();
  if (MARKUP.some((markup) => text.includes(markup))) return 'extra-data';
  return undefined;
}
