import { companyMessages, INVITATIONS_PER_DAY } from '@proper-parts/domain/companies';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-text.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { rowsOf } from '../../db/queryable.ts';

const acme = { name: 'Acme Ltd', taxId: 'GB123456789', billingAddress: '1 Mill Road, Leeds' };

describe('companies: members, roles, invitations, addresses', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });

  const call = (who: TestUser | null, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const idOf = async (who: TestUser) =>
    (await rowsOf<{ id: string }>(app.db, sql`select id from "user" where email = ${who.email}`))[0]
      ?.id ?? '';
  /** The caller's company as `GET /company` reads it: null when they belong to none. */
  const companyOf = async (who: TestUser) => {
    const res = await call(who, 'GET', '/company');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** A customer who creates a company of their own. */
  const companyAdmin = async (name = acme.name) => {
    const admin = await signUp(app);
    const res = await call(admin, 'POST', '/company', { ...acme, name });
    expect(res.statusCode, res.body).toBe(200);
    return admin;
  };
  /** Invites `email` and returns the token of the mailed link. */
  const invite = async (admin: TestUser, email: string, role = 'buyer', orderLimit?: number) => {
    const res = await call(admin, 'POST', '/company/invitations', { email, role, orderLimit });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await outbox.waitForMail(email, /company\/join\?token=/);
    outbox.received.splice(0); // the next invitation's mail is the only one to this address
    return new URL(linkIn(mail)).searchParams.get('token') as string;
  };
  /** A member of admin's company with `role`, joined through an invitation. */
  const join = async (admin: TestUser, role = 'buyer', orderLimit?: number) => {
    const colleague = await signUp(app);
    const token = await invite(admin, colleague.email, role, orderLimit);
    const res = await call(colleague, 'POST', '/company/invitations/accept', { token });
    expect(res.statusCode, res.body).toBe(200);
    return colleague;
  };

  describe('creating a company', () => {
    it('makes the caller its admin; a second company is refused; shop admins cannot', async () => {
      const owner = await signUp(app);
      const made = await call(owner, 'POST', '/company', acme);
      expect(made.statusCode).toBe(200);
      expect(made.json().data).toMatchObject({
        name: 'Acme Ltd',
        taxId: 'GB123456789',
        termsDays: null,
        creditLimit: 0,
        balance: 0,
        me: { role: 'admin', orderLimit: null, canLeave: false },
      });
      const again = await call(owner, 'POST', '/company', { ...acme, name: 'Second Ltd' });
      expect(again.json()).toEqual({ success: false, message: companyMessages.alreadyInCompany });
      expect(again.statusCode).toBe(409);
      const read = await call(owner, 'GET', '/company');
      expect(read.json().data.me.role).toBe('admin');

      const shopAdmin = await signUpAdmin(app);
      const refused = await call(shopAdmin, 'POST', '/company', acme);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(companyMessages.shopAdminCannotJoin);
    });

    it('a customer or shop admin in no company reads null, 200 (no console error on every page)', async () => {
      const loner = await signUp(app);
      const res = await call(loner, 'GET', '/company');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null });
      expect(await companyOf(await signUpAdmin(app))).toBeNull();
      expect((await call(null, 'GET', '/company')).statusCode).toBe(401);
    });

    it('answers 400 with the field message on junk input, never a 5xx', async () => {
      const owner = await signUp(app);
      for (const body of [
        {},
        { ...acme, name: 'A' },
        { ...acme, billingAddress: 42 },
        { ...acme, taxId: 'x'.repeat(51) },
        { ...acme, name: 'x'.repeat(201) },
      ]) {
        const res = await call(owner, 'POST', '/company', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().success).toBe(false);
      }
      expect(await companyOf(owner)).toBeNull();
    });

    it('two creates at once leave one company with one membership, and no orphan company', async () => {
      const owner = await signUp(app);
      const name = `Race ${Date.now()}`;
      const answers = await Promise.all(
        [1, 2, 3].map((n) => call(owner, 'POST', '/company', { ...acme, name: `${name} ${n}` })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const [row] = await rowsOf<{ companies: string | number }>(
        app.db,
        sql`select count(*) as companies from companies where name like ${`${name}%`}`,
      );
      expect(Number(row?.companies)).toBe(1);
    });

    it('lets a company admin change the details, and no one else', async () => {
      const admin = await companyAdmin();
      const buyer = await join(admin);
      const patch = await call(admin, 'PATCH', '/company', { name: 'Acme Holdings Ltd' });
      expect(patch.json().data).toMatchObject({ name: 'Acme Holdings Ltd', taxId: acme.taxId });
      const byBuyer = await call(buyer, 'PATCH', '/company', { name: 'Mine Now' });
      expect(byBuyer.statusCode).toBe(403);
      expect(byBuyer.json().message).toBe(companyMessages.onlyCompanyAdmin);
      expect((await call(buyer, 'GET', '/company')).json().data.name).toBe('Acme Holdings Ltd');
      const outsider = await signUp(app);
      expect((await call(outsider, 'PATCH', '/company', { name: 'X Ltd' })).statusCode).toBe(404);
    });
  });

  describe('invitations', () => {
    it('mails a link that works once, for the invited address, and confirms that address', async () => {
      const admin = await companyAdmin('Link Ltd');
      const colleague = await signUp(app);
      const sent = await call(admin, 'POST', '/company/invitations', {
        email: colleague.email.toUpperCase(),
        role: 'buyer',
        orderLimit: 250.5,
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data).toMatchObject({
        email: colleague.email,
        role: 'buyer',
        orderLimit: 250.5,
        status: 'open',
      });
      const mail = await outbox.waitForMail(colleague.email, /company\/join\?token=/);
      expect(mail).not.toContain('Link Ltd'); // no text a user typed goes out from the shop
      const link = new URL(linkIn(mail));
      expect(link.origin).toBe('http://localhost:3000');
      expect(link.pathname).toBe('/company/join');
      const token = link.searchParams.get('token') as string;
      expect(token).toMatch(/^[\w-]{43}$/);
      const stored = await rowsOf<{ tokenHash: string }>(
        app.db,
        sql`select token_hash as "tokenHash" from company_invitations where email = ${colleague.email}`,
      );
      expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]?.tokenHash).not.toContain(token);

      const preview = await call(colleague, 'GET', `/company/invitations/preview?token=${token}`);
      expect(preview.json().data).toEqual({
        companyName: 'Link Ltd',
        email: colleague.email,
        role: 'buyer',
        status: 'open',
      });
      expect(
        (await call(null, 'GET', `/company/invitations/preview?token=${token}`)).statusCode,
      ).toBe(401);

      // Someone else signed in with the link (forwarded, or guessed) cannot take the seat.
      const other = await signUp(app);
      const wrong = await call(other, 'POST', '/company/invitations/accept', { token });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(companyMessages.invitationOtherEmail(colleague.email));

      const accepted = await call(colleague, 'POST', '/company/invitations/accept', { token });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data).toMatchObject({
        name: 'Link Ltd',
        me: { role: 'buyer', orderLimit: 250.5, canLeave: true },
      });
      const session = await app.inject({
        url: '/api/v1/auth/get-session',
        headers: { cookie: colleague.cookie },
      });
      expect(session.json().user.emailVerified).toBe(true);

      const replay = await call(colleague, 'POST', '/company/invitations/accept', { token });
      expect(replay.statusCode).toBe(409);
      expect(replay.json().message).toBe(companyMessages.invitationUsed);
      const afterUse = await call(colleague, 'GET', `/company/invitations/preview?token=${token}`);
      expect(afterUse.json().data.status).toBe('accepted');

      const members = (await call(admin, 'GET', '/company/members')).json().data;
      expect(members.map((m: { email: string }) => m.email)).toEqual([
        admin.email,
        colleague.email,
      ]);
      const list = (await call(admin, 'GET', '/company/invitations')).json().data;
      expect(list[0]).toMatchObject({ email: colleague.email, status: 'accepted' });
    });

    it('refuses forged, expired and withdrawn links', async () => {
      const admin = await companyAdmin();
      const invitee = await signUp(app);
      for (const token of ['forged', 'A'.repeat(43), '', 'x'.repeat(201)]) {
        const res = await call(invitee, 'POST', '/company/invitations/accept', { token });
        expect(res.statusCode, token).toBe(400);
        expect(res.json().message).toContain(companyMessages.invitationInvalid);
        const preview = await call(invitee, 'GET', `/company/invitations/preview?token=${token}`);
        expect(preview.statusCode).toBe(400);
      }
      expect((await call(invitee, 'POST', '/company/invitations/accept', {})).statusCode).toBe(400);

      const expired = await invite(admin, invitee.email);
      await app.db.execute(
        sql`update company_invitations set expires_at = now() - interval '1 minute'
          where email = ${invitee.email}`,
      );
      const late = await call(invitee, 'POST', '/company/invitations/accept', { token: expired });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(companyMessages.invitationExpired);

      const withdrawn = await invite(admin, invitee.email);
      const [open] = (await call(admin, 'GET', '/company/invitations')).json().data;
      expect(open.status).toBe('open');
      const revoke = await call(admin, 'DELETE', `/company/invitations/${open._id}`);
      expect(revoke.json().data.status).toBe('revoked');
      const res = await call(invitee, 'POST', '/company/invitations/accept', { token: withdrawn });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(companyMessages.invitationRevoked);
      const statuses = (await call(admin, 'GET', '/company/invitations')).json().data;
      expect(statuses.map((i: { status: string }) => i.status)).toEqual(['revoked', 'expired']);
      expect(await companyOf(invitee)).toBeNull();
    });

    it('a newer invitation to the same address withdraws the open one', async () => {
      const admin = await companyAdmin();
      const invitee = await signUp(app);
      const first = await invite(admin, invitee.email);
      const second = await invite(admin, invitee.email, 'approver');
      const old = await call(invitee, 'POST', '/company/invitations/accept', { token: first });
      expect(old.json().message).toBe(companyMessages.invitationRevoked);
      const res = await call(invitee, 'POST', '/company/invitations/accept', { token: second });
      expect(res.json().data.me.role).toBe('approver');
    });

    it('two accepts of one link at once: one joins, the other is told it was used', async () => {
      const admin = await companyAdmin();
      const invitee = await signUp(app);
      const token = await invite(admin, invitee.email);
      const answers = await Promise.all(
        [1, 2, 3].map(() => call(invitee, 'POST', '/company/invitations/accept', { token })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    });

    it('refuses members of any company, shop admins, and limits on non-buyers', async () => {
      const admin = await companyAdmin();
      const otherAdmin = await companyAdmin('Other GmbH');
      const taken = await call(admin, 'POST', '/company/invitations', {
        email: otherAdmin.email,
        role: 'buyer',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(companyMessages.invitationAlreadyMember);

      // Invited while free, then joined another company: accepting would make a second membership.
      const drifter = await signUp(app);
      const token = await invite(admin, drifter.email);
      const joinedElsewhere = await invite(otherAdmin, drifter.email);
      await call(drifter, 'POST', '/company/invitations/accept', { token: joinedElsewhere });
      const second = await call(drifter, 'POST', '/company/invitations/accept', { token });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(companyMessages.alreadyInCompany);
      expect((await call(drifter, 'GET', '/company')).json().data.name).toBe('Other GmbH');

      const shopAdmin = await signUpAdmin(app);
      const adminToken = await invite(admin, shopAdmin.email);
      const refused = await call(shopAdmin, 'POST', '/company/invitations/accept', {
        token: adminToken,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(companyMessages.shopAdminCannotJoin);

      const limited = await call(admin, 'POST', '/company/invitations', {
        email: 'someone@example.com',
        role: 'approver',
        orderLimit: 100,
      });
      expect(limited.json()).toEqual({
        success: false,
        message: `orderLimit: ${companyMessages.limitOnlyForBuyers}`,
      });
      for (const body of [
        { email: 'not-an-email', role: 'buyer' },
        { email: 'a@example.com', role: 'owner' },
        { email: 'a@example.com', role: 'buyer', orderLimit: -1 },
        { email: 'a@example.com', role: 'buyer', orderLimit: 1.234 },
      ]) {
        const res = await call(admin, 'POST', '/company/invitations', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('lets an admin withdraw only invitations of their own company', async () => {
      const adminA = await companyAdmin();
      const adminB = await companyAdmin('B GmbH');
      await invite(adminA, 'colleague-a@example.com');
      const [mine] = (await call(adminA, 'GET', '/company/invitations')).json().data;
      const stranger = await call(adminB, 'DELETE', `/company/invitations/${mine._id}`);
      expect(stranger.statusCode).toBe(404);
      expect((await call(adminB, 'DELETE', '/company/invitations/not-a-uuid')).statusCode).toBe(
        400,
      );
      const [still] = (await call(adminA, 'GET', '/company/invitations')).json().data;
      expect(still.status).toBe('open');
    });

    it(`sends at most ${INVITATIONS_PER_DAY} invitations a day per company`, async () => {
      const admin = await companyAdmin();
      const [company] = await rowsOf<{ id: string }>(
        app.db,
        sql`select company_id as id from company_members where user_id = ${await idOf(admin)}`,
      );
      await app.db.execute(
        sql`insert into company_invitations (company_id, email, role, token_hash, expires_at)
          select ${company?.id}, 'flood' || n || '@example.com', 'buyer', md5(random()::text || n),
            now() + interval '7 days'
          from generate_series(1, ${INVITATIONS_PER_DAY}) n`,
      );
      const res = await call(admin, 'POST', '/company/invitations', {
        email: 'one-more@example.com',
        role: 'buyer',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(companyMessages.tooManyInvitations);
    });
  });

  describe('members and roles', () => {
    it('an admin sets roles and limits; limits belong to buyers only', async () => {
      const admin = await companyAdmin();
      const buyer = await join(admin, 'buyer', 100);
      const buyerId = await idOf(buyer);
      const raised = await call(admin, 'PATCH', `/company/members/${buyerId}`, { orderLimit: 500 });
      expect(raised.json().data).toMatchObject({ role: 'buyer', orderLimit: 500 });
      const unlimited = await call(admin, 'PATCH', `/company/members/${buyerId}`, {
        orderLimit: null,
      });
      expect(unlimited.json().data.orderLimit).toBeNull();
      await call(admin, 'PATCH', `/company/members/${buyerId}`, { orderLimit: 80 });
      const promoted = await call(admin, 'PATCH', `/company/members/${buyerId}`, {
        role: 'approver',
      });
      expect(promoted.json().data).toMatchObject({ role: 'approver', orderLimit: null });
      const bad = await call(admin, 'PATCH', `/company/members/${buyerId}`, { orderLimit: 10 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(companyMessages.limitOnlyForBuyers);
      expect((await call(admin, 'PATCH', `/company/members/${buyerId}`, {})).statusCode).toBe(400);
      const byMember = await call(buyer, 'PATCH', `/company/members/${buyerId}`, {
        role: 'admin',
      });
      expect(byMember.statusCode).toBe(403);
    });

    it('a company admin acting on a user of another company is told nothing (404)', async () => {
      const adminA = await companyAdmin();
      const buyerA = await join(adminA);
      const adminB = await companyAdmin('B GmbH');
      const buyerAId = await idOf(buyerA);
      for (const [method, body] of [
        ['PATCH', { role: 'admin' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(adminB, method, `/company/members/${buyerAId}`, body);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(companyMessages.memberNotFound);
      }
      const outsider = await signUp(app);
      expect(
        (await call(adminA, 'PATCH', `/company/members/${await idOf(outsider)}`, { role: 'buyer' }))
          .statusCode,
      ).toBe(404);
      expect((await call(buyerA, 'GET', '/company')).json().data.me.role).toBe('buyer');
      const bMembers = (await call(adminB, 'GET', '/company/members')).json().data;
      expect(bMembers).toHaveLength(1);
    });

    it('a removed member is out on the very next request: no company, 404 on its parts', async () => {
      const admin = await companyAdmin();
      const buyer = await join(admin);
      expect((await call(buyer, 'GET', '/company/members')).statusCode).toBe(200);
      const removed = await call(admin, 'DELETE', `/company/members/${await idOf(buyer)}`);
      expect(removed.json().message).toBe('Member removed');
      expect(await companyOf(buyer)).toBeNull();
      for (const url of ['/company/members', '/company/addresses']) {
        const res = await call(buyer, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe(companyMessages.notInCompany);
      }
    });

    it("an admin removed or demoted leaves no way back in: their open invitations are withdrawn, the others' stay", async () => {
      for (const change of ['remove', 'demote'] as const) {
        const admin = await companyAdmin();
        const rogue = await join(admin, 'admin');
        // Before leaving, the rogue admin invites an address of their own, as a company admin.
        const alt = await signUp(app);
        const backdoor = await invite(rogue, alt.email, 'admin');
        const colleague = await signUp(app);
        const honest = await invite(admin, colleague.email);
        const rogueId = await idOf(rogue);
        const res =
          change === 'remove'
            ? await call(admin, 'DELETE', `/company/members/${rogueId}`)
            : await call(admin, 'PATCH', `/company/members/${rogueId}`, { role: 'buyer' });
        expect(res.statusCode, res.body).toBe(200);
        const back = await call(alt, 'POST', '/company/invitations/accept', { token: backdoor });
        expect(back.statusCode, change).toBe(409);
        expect(back.json().message).toBe(companyMessages.invitationRevoked);
        expect(await companyOf(alt)).toBeNull();
        const ok = await call(colleague, 'POST', '/company/invitations/accept', { token: honest });
        expect(ok.statusCode, ok.body).toBe(200);
      }
    });

    it('a member may leave; a member may not remove someone else', async () => {
      const admin = await companyAdmin('Leavers Ltd');
      const buyer = await join(admin);
      const approver = await join(admin, 'approver');
      const push = await call(buyer, 'DELETE', `/company/members/${await idOf(approver)}`);
      expect(push.statusCode).toBe(403);
      const leave = await call(buyer, 'DELETE', `/company/members/${await idOf(buyer)}`);
      expect(leave.json().message).toBe('You left Leavers Ltd');
      expect(await companyOf(buyer)).toBeNull();
      // Free again: may start a company of their own.
      expect((await call(buyer, 'POST', '/company', acme)).statusCode).toBe(200);
    });

    it('never leaves a company without an admin', async () => {
      const admin = await companyAdmin();
      const adminId = await idOf(admin);
      expect((await companyOf(admin)).me.canLeave).toBe(false);
      for (const [method, body, message] of [
        ['PATCH', { role: 'buyer' }, companyMessages.lastAdmin],
        ['DELETE', undefined, companyMessages.lastAdminLeaving],
      ] as const) {
        const res = await call(admin, method, `/company/members/${adminId}`, body);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ success: false, message });
      }
      expect((await companyOf(admin)).me.role).toBe('admin');
      const second = await join(admin, 'admin');
      expect((await companyOf(admin)).me.canLeave).toBe(true);
      expect((await companyOf(second)).me.canLeave).toBe(true);
      expect(
        (await call(second, 'PATCH', `/company/members/${adminId}`, { role: 'buyer' })).statusCode,
      ).toBe(200);
      expect((await companyOf(second)).me.canLeave).toBe(false);
      expect((await companyOf(admin)).me.canLeave).toBe(true);
      expect(
        (await call(second, 'DELETE', `/company/members/${await idOf(second)}`)).statusCode,
      ).toBe(409);
    });

    it('two admins demoting each other at once leave one admin', async () => {
      for (const action of ['demote', 'remove', 'demote', 'remove'] as const) {
        const one = await companyAdmin();
        const two = await join(one, 'admin');
        const [oneId, twoId] = [await idOf(one), await idOf(two)];
        const act = (who: TestUser, target: string) =>
          action === 'demote'
            ? call(who, 'PATCH', `/company/members/${target}`, { role: 'buyer' })
            : call(who, 'DELETE', `/company/members/${target}`);
        const answers = await Promise.all([act(one, twoId), act(two, oneId)]);
        const codes = answers.map((r) => r.statusCode).sort();
        // The second is refused: as the last admin (409), or as no longer an admin (403/404).
        expect(codes[0]).toBe(200);
        expect([403, 404, 409]).toContain(codes[1]);
        const [left] = await rowsOf<{ n: string | number }>(
          app.db,
          sql`select count(*) as n from company_members
            where user_id in (${oneId}, ${twoId}) and role = 'admin'`,
        );
        expect(Number(left?.n), action).toBe(1);
      }
    });

    it('pages members by when they joined', async () => {
      const admin = await companyAdmin();
      const colleagues = [await join(admin), await join(admin), await join(admin)];
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page = (await call(admin, 'GET', `/company/members?limit=2${query}`)).json();
        seen.push(...page.data.map((m: { email: string }) => m.email));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([admin.email, ...colleagues.map((c) => c.email)]);
      expect((await call(admin, 'GET', '/company/members?cursor=junk')).statusCode).toBe(400);
    });
  });

  describe('the address book', () => {
    it('members read it; admins add and delete; other companies see nothing', async () => {
      const admin = await companyAdmin();
      const buyer = await join(admin);
      const added = await call(admin, 'POST', '/company/addresses', {
        label: 'Warehouse',
        address: '5 Dock Street, Hull',
      });
      expect(added.json().data).toMatchObject({
        label: 'Warehouse',
        address: '5 Dock Street, Hull',
      });
      await call(admin, 'POST', '/company/addresses', {
        label: 'Office',
        address: '1 High St, York',
      });
      const list = (await call(buyer, 'GET', '/company/addresses?limit=1')).json();
      expect(list.data[0].label).toBe('Warehouse');
      const next = (
        await call(buyer, 'GET', `/company/addresses?limit=1&cursor=${list.nextCursor}`)
      ).json();
      expect(next.data[0].label).toBe('Office');
      expect(next.nextCursor).toBeNull();

      const byBuyer = await call(buyer, 'POST', '/company/addresses', {
        label: 'Home',
        address: '9 Elm Road',
      });
      expect(byBuyer.statusCode).toBe(403);
      const id = added.json().data._id;
      expect((await call(buyer, 'DELETE', `/company/addresses/${id}`)).statusCode).toBe(403);

      const adminB = await companyAdmin('B GmbH');
      const stranger = await call(adminB, 'DELETE', `/company/addresses/${id}`);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe(companyMessages.addressNotFound);
      expect((await call(adminB, 'GET', '/company/addresses')).json().data).toEqual([]);

      expect((await call(admin, 'DELETE', `/company/addresses/${id}`)).statusCode).toBe(200);
      expect((await call(admin, 'DELETE', `/company/addresses/${id}`)).statusCode).toBe(404);
      const bad = await call(admin, 'POST', '/company/addresses', { label: '', address: 'x' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('ADMIN_EMAILS addresses (shop admins once confirmed)', async () => {
    const listed = 'listed-owner@example.com';
    const shop = await buildTestApp({ ADMIN_EMAILS: listed });

    it('neither create nor join a company, even before they confirm', async () => {
      const owner = await signUp(shop, { email: listed });
      const create = await shop.inject({
        method: 'POST',
        url: '/api/v1/company',
        headers: { cookie: owner.cookie },
        payload: acme,
      });
      expect(create.statusCode).toBe(403);
      expect(create.json().message).toBe(companyMessages.shopAdminCannotJoin);
    });
  });
});
