import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';

describe('reviews: GET and POST /api/v1/reviews', async () => {
  const app = await buildTestApp();
  const carol = await signUp(app, { name: 'Carol Buyer' });
  const admin = await signUpAdmin(app);

  const post = (who: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
      payload: payload as object,
    });
  const list = async (query = '') =>
    (await app.inject({ url: `/api/v1/reviews${query}` })).json().data as {
      _id: string;
      userName: string;
      photoUrl: string | null;
      description: string;
      rating: number;
    }[];

  it('starts empty and is public', async () => {
    const res = await app.inject({ url: '/api/v1/reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [], nextCursor: null });
  });

  it('saves a customer review with the name and photo of the session, not the body', async () => {
    const photo = 'https://example.com/carol.png';
    const update = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/update-user',
      headers: { cookie: carol.cookie },
      payload: { image: photo },
    });
    expect(update.statusCode).toBe(200);

    const res = await post(carol, {
      rating: 5,
      description: '  Pallets arrive complete.  ',
      userName: 'The CEO of Acme',
      photoUrl: 'https://evil.example/x.png',
    });
    expect(res.statusCode).toBe(200);
    const insertedId = res.json().data.insertedId;
    expect(res.json()).toEqual({ success: true, data: { insertedId: expect.any(String) } });

    const [newest] = await list();
    expect(newest).toEqual({
      _id: insertedId,
      rating: 5,
      description: 'Pallets arrive complete.',
      userName: 'Carol Buyer',
      photoUrl: photo,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('takes a bearer token as well as the cookie', async () => {
    const dave = await signUp(app, { name: 'Dave' });
    const res = await post(
      null,
      { rating: 3, description: 'Fine.' },
      { authorization: `Bearer ${dave.token}` },
    );
    expect(res.statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({ userName: 'Dave', photoUrl: null });
  });

  it('lists newest first, paginated with limit and offset', async () => {
    const erin = await signUp(app, { name: 'Erin' });
    for (const n of [1, 2, 3]) {
      expect((await post(erin, { rating: n, description: `review ${n}` })).statusCode).toBe(200);
    }
    const firstTwo = await list('?limit=2');
    expect(firstTwo.map((r) => r.description)).toEqual(['review 3', 'review 2']);
    const next = await list('?limit=2&offset=2');
    expect(next.map((r) => r.description)).toEqual(['review 1', 'Fine.']);
    const tooMany = await app.inject({ url: '/api/v1/reviews?limit=101' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ success: false, message: expect.stringMatching(/^limit: /) });
  });

  const refusals: [string, unknown, string][] = [
    ['no rating', { description: 'Good' }, 'Rating is Required'],
    ['a null rating', { rating: null, description: 'Good' }, 'Rating is Required'],
    ['rating 0', { rating: 0, description: 'Good' }, 'Rating must be a whole number from 1 to 5'],
    ['rating 6', { rating: 6, description: 'Good' }, 'Rating must be a whole number from 1 to 5'],
    [
      'rating 4.5',
      { rating: 4.5, description: 'Good' },
      'Rating must be a whole number from 1 to 5',
    ],
    [
      'rating "5"',
      { rating: '5', description: 'Good' },
      'Rating must be a whole number from 1 to 5',
    ],
    ['no description', { rating: 4 }, 'Description is Required'],
    ['an empty description', { rating: 4, description: '' }, 'Description is Required'],
    ['a blank description', { rating: 4, description: ' \n\t ' }, 'Description is Required'],
    ['a number as description', { rating: 4, description: 42 }, 'Description must be text'],
    [
      'a 1,001-character description',
      { rating: 4, description: 'x'.repeat(1001) },
      'Description must be at most 1,000 characters',
    ],
  ];
  for (const [what, payload, message] of refusals) {
    it(`refuses ${what} with '${message}', and saves nothing`, async () => {
      const before = (await list('?limit=100')).length;
      const res = await post(carol, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringContaining(message) });
      expect(await list('?limit=100')).toHaveLength(before);
    });
  }

  it('takes a description of exactly 1,000 characters', async () => {
    const frank = await signUp(app);
    const res = await post(frank, { rating: 1, description: 'y'.repeat(1000) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a visitor (401) and an admin (403), saving nothing', async () => {
    const before = (await list('?limit=100')).length;
    const visitor = await post(null, { rating: 5, description: 'Anonymous praise' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: 'Please sign in first' });
    const byAdmin = await post(admin, { rating: 5, description: 'We are great' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toMatch(/admins .* cannot write one/);
    expect(await list('?limit=100')).toHaveLength(before);
  });

  it('takes at most 5 reviews from one account in 24 hours (429 after), others unaffected', async () => {
    const spammer = await signUp(app);
    for (let n = 1; n <= 5; n++) {
      expect((await post(spammer, { rating: 5, description: `spam ${n}` })).statusCode).toBe(200);
    }
    const sixth = await post(spammer, { rating: 5, description: 'spam 6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      success: false,
      message: 'You have written 5 reviews today. Please come back tomorrow.',
    });
    expect((await list('?limit=100')).filter((r) => r.description.startsWith('spam'))).toHaveLength(
      5,
    );
    expect((await post(carol, { rating: 4, description: 'Still welcome' })).statusCode).toBe(200);
  });
});
