import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real images made with sharp, and the hostile files an upload must refuse. */

/** A photo-like picture (noise, so it compresses like a photo), with EXIF that must not survive. */
export function photoJpeg(width = 2400, height = 1800): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'GPS 51.5N 0.1W' } } })
    .toBuffer();
}

export function solidImage(
  format: 'png' | 'webp' | 'gif' | 'avif' | 'jpeg',
  width = 64,
  height = 48,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .toFormat(format)
    .toBuffer();
}

/** An animated GIF of `frames` frames (only the first is kept). */
export async function animatedGif(frames = 3): Promise<Buffer> {
  const colours = ['#c33', '#3c3', '#33c', '#cc3'].slice(0, frames);
  const stills = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(stills, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** A progressive JPEG (several scans) whose APP1 segment holds a whole thumbnail JPEG, EOI and all. */
export async function progressiveJpegWithThumbnail(): Promise<Buffer> {
  const main = await sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120, sigma: 25 },
    },
  })
    .jpeg({ progressive: true })
    .toBuffer();
  const thumbnail = await solidImage('jpeg', 32, 24);
  const payload = Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), thumbnail]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([main.subarray(0, 2), header, payload, main.subarray(2)]);
}

/** A 200 × 100 JPEG whose EXIF says "rotate 90°": shown upright it is 100 × 200. */
export function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#884422' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `size` × `size` pixels (400 megapixels at
 * the default) that is only ~50 kB on disk, because every row is zeros.
 */
export function pngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(size / 8)) * size);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG of a few dozen bytes whose header declares `width` × `height` (50,000² is 2.5 gigapixels,
 * 10 GB as RGBA); its image data is one row of zeros, so only the header tells the size.
 */
export function pngDeclaringSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An HTML page that calls itself a PNG (name and Content-Type). */
export const htmlNamedPng = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/v1/user").then(r=>r.text()).then(alert)</script></body></html>',
);

/** A PNG whose image data was damaged in transit; its chunk layout is intact, its CRC is not. */
export async function corruptPng(): Promise<Buffer> {
  const png = await sharp({
    create: {
      width: 120,
      height: 80,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 100, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const idat = png.indexOf('IDAT', 0, 'latin1');
  for (let i = idat + 20; i < idat + 60; i++) png[i] = (png[i] ?? 0) ^ 0x5a;
  return png;
}

/** Half a JPEG: the upload was cut off. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await photoJpeg(400, 300);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

/** A PNG that is also an HTML page: the markup follows the IEND chunk. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await solidImage('png'), HTML]);
}

/** A JPEG carrying a script in a comment segment: structurally a fine JPEG, still a polyglot. */
export async function jpegCommentPolyglot(): Promise<Buffer> {
  const jpeg = await solidImage('jpeg');
  const text = Buffer.from('*/<script>alert(1)</script>/*');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/** A GIF with a ZIP archive appended (a "GIFAR"). */
export async function gifZipPolyglot(): Promise<Buffer> {
  const zipHeader = Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000evil.class', 'latin1');
  return Buffer.concat([await solidImage('gif'), zipHeader]);
}

export const scriptSvg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script><rect width="10" height="10"/></svg>',
);

/** One multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(
  parts: { name: string; filename?: string; contentType?: string; content: Buffer | string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ppTestBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The request parts of an upload of one file in the field `image`. */
export const imageUpload = (content: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  multipartBody([{ name: 'image', filename, contentType, content }]);
