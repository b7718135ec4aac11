import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';

describe('profile', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app, { email: 'root@example.com' });
  const carol = await signUp(app, { name: 'Carol' });
  const dave = await signUp(app);
  const url = `/api/v1/profile/${carol.email}`;

  it('starts empty, with the name and email of the account', async () => {
    const res = await app.inject({ url, headers: { cookie: carol.cookie } });
    expect(res.json()).toEqual({
      success: true,
      data: {
        email: carol.email,
        name: 'Carol',
        photoURL: null,
        city: '',
        education: '',
        phone: '',
        link: '',
      },
    });
  });

  it('reports modifiedCount 1 on the very first save, and on later saves', async () => {
    const payload = {
      city: 'Peru, IL',
      education: 'BSc Mechanical Engineering',
      phone: '+1 (815) 555-0100',
      link: 'https://example.com/carol',
      email: carol.email,
    };
    const first = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: carol.cookie },
      payload,
    });
    expect(first.json()).toEqual({ success: true, data: { modifiedCount: 1 } });
    const second = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: carol.cookie },
      payload: { city: 'Chicago' },
    });
    expect(second.json().data).toEqual({ modifiedCount: 1 });
    const read = await app.inject({ url, headers: { cookie: carol.cookie } });
    expect(read.json().data).toMatchObject({
      city: 'Chicago',
      education: 'BSc Mechanical Engineering',
      link: 'https://example.com/carol',
    });
  });

  it('refuses a javascript: link and a phone with letters, naming the field', async () => {
    const link = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: carol.cookie },
      payload: { link: 'javascript:alert(1)' },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toMatch(/^link: /);
    const phone = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: carol.cookie },
      payload: { phone: 'call me' },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toMatch(/^phone: /);
  });

  it('lets the owner and admins in; another customer gets 403 and a visitor 401', async () => {
    expect((await app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: { cookie: dave.cookie } })).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url,
          headers: { cookie: dave.cookie },
          payload: { city: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ url })).statusCode).toBe(401);
  });
});
