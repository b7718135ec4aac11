import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@proper-parts/domain/messages';
import { UPLOADED_IMAGE_PATH } from '@proper-parts/domain/product-admin';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import {
  animatedGif,
  corruptPng,
  gifZipPolyglot,
  htmlNamedPng,
  imageUpload,
  jpegCommentPolyglot,
  multipartBody,
  photoJpeg,
  pngBomb,
  pngDeclaringSize,
  pngHtmlPolyglot,
  progressiveJpegWithThumbnail,
  scriptSvg,
  sidewaysJpeg,
  solidImage,
  truncatedJpeg,
} from '../../../test/image-fixtures.ts';

describe('uploads: POST /api/v1/uploads and GET /uploads/{name}', async () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'pp-uploads-test-'));
  const app = await buildTestApp({}, { uploadsDir });
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);
  const stored = () => readdirSync(uploadsDir).filter((f) => !f.startsWith('.'));

  const upload = (parts: ReturnType<typeof multipartBody>, cookie = admin.cookie) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...parts.headers, cookie },
      payload: parts.payload,
    });

  /** Uploads, expects a stored image, and answers what GET serves at its URL. */
  async function uploadAndFetch(parts: ReturnType<typeof multipartBody>) {
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data;
    expect(res.json()).toEqual({
      success: true,
      data: { url: expect.stringMatching(UPLOADED_IMAGE_PATH) },
    });
    const served = await app.inject({ url });
    expect(served.statusCode).toBe(200);
    return { url, served, image: await sharp(served.rawPayload).metadata() };
  }

  /** A refused upload: its status and message, and nothing stored. */
  async function expectRefused(
    parts: ReturnType<typeof multipartBody>,
    status: number,
    message: string,
  ) {
    const before = stored();
    const res = await upload(parts);
    expect(res.json()).toEqual({ success: false, message });
    expect(res.statusCode).toBe(status);
    expect(stored()).toEqual(before);
  }

  it('re-encodes a real photo as WebP, at most 1600 px wide, without its EXIF', async () => {
    const photo = await photoJpeg(2400, 1800);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { url, served, image } = await uploadAndFetch(imageUpload(photo));
    expect(image).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(image.exif).toBeUndefined();
    expect(image.icc).toBeUndefined();
    expect(served.rawPayload.includes('secret-owner')).toBe(false);
    expect(stored()).toContain(url.slice('/uploads/'.length));
  });

  it('serves an upload with its type, a year of caching and nosniff; HEAD too', async () => {
    const { url, served } = await uploadAndFetch(
      imageUpload(await solidImage('png'), 'a.png', 'image/png'),
    );
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it.each(['png', 'webp', 'gif', 'avif'] as const)(
    'takes a %s image by its content',
    async (format) => {
      // Named and typed as something else: the bytes decide.
      const { image } = await uploadAndFetch(
        imageUpload(await solidImage(format, 64, 48), 'upload.bin', 'application/octet-stream'),
      );
      expect(image).toMatchObject({ format: 'webp', width: 64, height: 48 });
    },
  );

  it('keeps the first frame of an animated GIF; never enlarges a small image', async () => {
    const gif = await animatedGif(3);
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const { image } = await uploadAndFetch(imageUpload(gif, 'spin.gif', 'image/gif'));
    expect(image).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(image.pages ?? 1).toBe(1);
  });

  it('takes a progressive JPEG whose EXIF holds a thumbnail (its inner end marker is no trailer)', async () => {
    const jpeg = await progressiveJpegWithThumbnail();
    expect((await sharp(jpeg).metadata()).isProgressive).toBe(true);
    const { image } = await uploadAndFetch(imageUpload(jpeg));
    expect(image).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('turns a sideways phone photo upright before dropping its orientation tag', async () => {
    const { image } = await uploadAndFetch(imageUpload(await sidewaysJpeg()));
    expect(image).toMatchObject({ width: 100, height: 200 });
    expect(image.orientation).toBeUndefined();
  });

  it('caps a very tall image at 3200 px high', async () => {
    const { image } = await uploadAndFetch(
      imageUpload(await solidImage('png', 400, 8000), 'tall.png'),
    );
    expect(image).toMatchObject({ width: 160, height: 3200 });
  });

  it('refuses a text file renamed to .jpg', async () => {
    const text = Buffer.from('Quarterly order list\nbearing 6204 x 5000\n');
    await expectRefused(
      imageUpload(text, 'order.jpg', 'image/jpeg'),
      400,
      messages.imageNotSupported,
    );
  });

  it('refuses an SVG with a script, whatever it is called', async () => {
    await expectRefused(
      imageUpload(scriptSvg, 'logo.svg', 'image/svg+xml'),
      400,
      messages.imageNotSupported,
    );
    await expectRefused(
      imageUpload(scriptSvg, 'logo.png', 'image/png'),
      400,
      messages.imageNotSupported,
    );
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([await solidImage('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    await expectRefused(imageUpload(big), 413, messages.imageTooLarge);
  });

  it('takes a file of exactly 5 MB (zero padding after the image is allowed)', async () => {
    const jpeg = await solidImage('jpeg');
    const exact = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length)]);
    await uploadAndFetch(imageUpload(exact));
  });

  it('refuses a corrupt image: cut short, or with damaged image data', async () => {
    await expectRefused(imageUpload(await truncatedJpeg()), 400, messages.imageDamaged);
    await expectRefused(
      imageUpload(await corruptPng(), 'x.png', 'image/png'),
      400,
      messages.imageDamaged,
    );
  });

  it('refuses a 20,000 × 20,000 PNG bomb from its header, without decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const memoryBefore = process.memoryUsage().rss;
    await expectRefused(
      imageUpload(bomb, 'bomb.png', 'image/png'),
      400,
      messages.imageTooManyPixels,
    );
    // Decoding it would take 400 MB at one byte per pixel.
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a 60-byte PNG declaring 50,000 × 50,000 pixels, before reading its data', async () => {
    const bomb = pngDeclaringSize(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    await expectRefused(
      imageUpload(bomb, 'tiny.png', 'image/png'),
      400,
      messages.imageTooManyPixels,
    );
    // Wide and flat is counted the same way: 1,000,000 × 41 is over 40 megapixels.
    await expectRefused(
      imageUpload(pngDeclaringSize(1_000_000, 41), 'strip.png', 'image/png'),
      400,
      messages.imageTooManyPixels,
    );
  });

  it('refuses an HTML page named .png and sent as image/png', async () => {
    await expectRefused(
      imageUpload(htmlNamedPng, 'photo.png', 'image/png'),
      400,
      messages.imageNotSupported,
    );
  });

  it('refuses polyglots: HTML after a PNG, a script inside a JPEG, a ZIP after a GIF', async () => {
    await expectRefused(
      imageUpload(await pngHtmlPolyglot(), 'p.png'),
      400,
      messages.imageHasExtraData,
    );
    await expectRefused(imageUpload(await jpegCommentPolyglot()), 400, messages.imageHasExtraData);
    await expectRefused(
      imageUpload(await gifZipPolyglot(), 'g.gif'),
      400,
      messages.imageHasExtraData,
    );
  });

  it('refuses a form without a file in the field image, and a body that is not a form', async () => {
    const png = await solidImage('png');
    await expectRefused(
      multipartBody([{ name: 'photo', filename: 'a.png', content: png }]),
      400,
      messages.imgRequired,
    );
    await expectRefused(
      multipartBody([{ name: 'image', content: 'not a file' }]),
      400,
      messages.imgRequired,
    );
    await expectRefused(
      multipartBody([{ name: 'image', filename: 'empty.png', content: '' }]),
      400,
      messages.imgRequired,
    );
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { cookie: admin.cookie },
      payload: { image: png.toString('base64') },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ success: false, message: messages.imageFieldMissing });
  });

  it('refuses a form of many parts with a 413', async () => {
    const fields = Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, content: 'v' }));
    await expectRefused(multipartBody(fields), 413, messages.uploadTooManyParts);
  });

  it('refuses a broken multipart body with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nhalf',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/multipart/),
    });
  });

  it('refuses visitors (401) and customers (403) before storing anything', async () => {
    const before = stored();
    const parts = imageUpload(await solidImage('png'), 'a.png');
    const visitor = await app.inject({ method: 'POST', url: '/api/v1/uploads', ...parts });
    expect(visitor.statusCode).toBe(401);
    const asCustomer = await upload(parts, customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ success: false, message: messages.forbidden });
    expect(stored()).toEqual(before);
  });

  it('takes an API client’s bearer token like the session cookie', async () => {
    expect(admin.token).not.toBe('');
    const parts = imageUpload(await solidImage('webp'), 'a.webp', 'image/webp');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...parts.headers, authorization: `Bearer ${admin.token}` },
      payload: parts.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(UPLOADED_IMAGE_PATH);
  });

  it('answers a JSON 404 for an unknown or odd image name', async () => {
    for (const url of [
      `/uploads/${'0'.repeat(32)}.webp`,
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/.partial',
      '/uploads/x.svg',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });
});
