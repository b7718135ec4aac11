import { messages } from '@proper-parts/domain/messages';
import { isPhotoUrl } from '@proper-parts/domain/photo-url';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';

/**
 * Issue 15: any URL was accepted as a profile photo (`javascript:` included), then copied onto
 * reviews and loaded by every visitor of the home page. Only https photos (or this site's images).
 */
describe('profile photos', async () => {
  const app = await buildTestApp();
  const buyer = await signUp(app);
  const updateUser = (image: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/update-user',
      headers: { cookie: buyer.cookie },
      payload: { image },
    });
  const storedImage = async () =>
    (
      await app.inject({ url: '/api/v1/auth/get-session', headers: { cookie: buyer.cookie } })
    ).json().user.image;

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://tracker.example/pixel.gif',
    '//tracker.example/pixel.gif',
    'https://',
    'https://exa mple.com/a.png',
    '/uploads/../../etc/passwd',
    'ftp://example.com/me.png',
  ])('refuses %s with 400 and a clear message, keeping the photo before', async (image) => {
    await updateUser('https://example.com/before.png');
    const res = await updateUser(image);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: messages.photoUrlInvalid });
    expect(await storedImage()).toBe('https://example.com/before.png');
  });

  it.each([
    'https://example.com/me.png',
    'https://cdn.example.com/a/b.jpg?size=96',
    '/uploads/me.webp',
  ])('takes %s', async (image) => {
    const res = await updateUser(image);
    expect(res.statusCode).toBe(200);
    expect(await storedImage()).toBe(image);
  });

  it('a review copies only a photo that passed', async () => {
    await updateUser('https://example.com/reviewer.png');
    const review = await app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: { cookie: buyer.cookie },
      payload: { rating: 5, description: 'Right parts, on time.' },
    });
    expect(review.statusCode).toBe(200);
    const list = (await app.inject({ url: '/api/v1/reviews' })).json();
    expect(list.data[0].photoUrl).toBe('https://example.com/reviewer.png');
    expect(isPhotoUrl(list.data[0].photoUrl)).toBe(true);
  });
});
