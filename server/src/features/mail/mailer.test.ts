import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sendInBackground } from '../orders/order-mails.ts';
import { composeMail } from './compose-mail.ts';
import { createMailer, PRUNE_EVERY_MAILS, pruneOutbox } from './mailer.ts';

describe('the outbox (no SMTP_URL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every mail of a burst: file names never collide', async () => {
    const mailer = createMailer({
      from: 'shop@example.com',
      outboxDir: dir,
      log: pino({ level: 'silent' }),
    });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        mailer.send({ to: 'same@example.com', subject: `Mail ${i}`, text: `body ${i}` }),
      ),
    );
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(30);
  });

  it('makes the outbox once, and again when someone removed it between mails', async () => {
    const outbox = join(dir, 'made-later');
    const mailer = createMailer({
      from: 'shop@example.com',
      outboxDir: outbox,
      log: pino({ level: 'silent' }),
    });
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    rmSync(outbox, { recursive: true });
    await mailer.send({ to: 'a@example.com', subject: 'Second', text: 'two' });
    expect(readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  });

  it('gives every mail its own Message-ID at the sender’s domain', async () => {
    const outbox = join(dir, 'ids');
    const mailer = createMailer({
      from: 'Proper Parts <no-reply@parts.example.com>',
      outboxDir: outbox,
      log: pino({ level: 'silent' }),
    });
    for (const n of [1, 2, 3])
      await mailer.send({ to: 'b@example.com', subject: `Order ${n}`, text: 'Thanks' });
    const ids = readdirSync(outbox).map(
      (file) => /^Message-ID: (.*)$/m.exec(readFileSync(join(outbox, file), 'utf8'))?.[1],
    );
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^<[0-9a-f-]{36}@parts\.example\.com>$/);
    expect(new Set(ids).size).toBe(3);
  });
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
/** A fresh outbox folder, removed after the file's tests. */
const outbox = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-outbox-'));
  dirs.push(dir);
  return dir;
};
const emls = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.eml'));

describe('the mail outbox stays bounded (issue 15: 75,800 files in a 10-minute soak)', () => {
  it('keeps at most the newest N mails as mail is written, without a scan per mail', async () => {
    const dir = outbox();
    const mailer = createMailer({
      from: 'Proper Parts <no-reply@properparts.local>',
      outboxDir: dir,
      outboxLimits: { maxFiles: 5, maxAgeMs: 3600_000 },
      log: pino({ level: 'silent' }),
    });
    for (let i = 0; i < 3 * PRUNE_EVERY_MAILS; i++) {
      await mailer.send({ to: 'a@example.com', subject: `Mail ${i}`, text: `number ${i}` });
    }
    await vi.waitFor(() => expect(emls(dir).length).toBeLessThanOrEqual(5 + PRUNE_EVERY_MAILS));
    expect(await pruneOutbox(dir, { maxFiles: 5, maxAgeMs: 3600_000 })).toBeGreaterThan(0);
    const kept = emls(dir).sort();
    expect(kept).toHaveLength(5);
    // The newest stay: the last mail written is among them.
    const texts = kept.map((name) => readFileSync(join(dir, name), 'utf8'));
    expect(texts.some((text) => text.includes(`number ${3 * PRUNE_EVERY_MAILS - 1}`))).toBe(true);
    expect(texts.some((text) => text.includes('number 0'))).toBe(false);
  });

  it('removes mails older than the age limit, and leaves other files alone', async () => {
    const dir = outbox();
    const now = Date.now();
    const day = 24 * 3600_000;
    writeFileSync(join(dir, `${now - 10 * day}-aaaaaaaa-old@example.com.eml`), 'old');
    writeFileSync(join(dir, `${now - 1000}-bbbbbbbb-new@example.com.eml`), 'new');
    writeFileSync(join(dir, 'README.txt'), 'not a mail');
    expect(await pruneOutbox(dir, { maxFiles: 100, maxAgeMs: 7 * day }, now)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([
      `${now - 1000}-bbbbbbbb-new@example.com.eml`,
      'README.txt',
    ]);
  });
});

describe('mails leave the request that sent them (issue 21)', () => {
  const silent = pino({ level: 'silent' });

  it('composes the same bytes as nodemailer for every kind of text', async () => {
    const date = new Date('2026-11-26T08:00:00Z');
    const texts = [
      'Hello Bench Buyer,\n\nThanks for your order.\n\nTotal: $58.50\n',
      'no line break at the end',
      'ends with a carriage return\r',
      'windows lines\r\nsecond\r\n',
      '',
      'Hello Jürgen, the price is 12 €.\n',
      `a line longer than 76 characters: ${'x'.repeat(90)}\n`,
      'a control character \u0007 here\n',
    ];
    for (const text of texts) {
      const options = {
        from: 'Proper Parts <no-reply@parts.example.com>',
        to: 'buyer@example.com',
        subject: 'Your Proper Parts order 7c9a3b94',
        text,
        date,
        messageId: '<fixed@parts.example.com>',
      };
      const expected = await new MailComposer(options).compile().build();
      expect((await composeMail(options)).toString('utf8')).toBe(expected.toString('utf8'));
    }
  });

  it('fills a plain mail into the header block nodemailer wrote, byte for byte', async () => {
    const date = new Date('2026-11-26T23:59:59Z');
    const froms = [
      'Proper Parts <no-reply@parts.example.com>',
      'shop@example.com',
      '"Parts, Tools & Co" <sales@example.co.uk>',
      'Pièces Détachées <pieces@example.fr>',
    ];
    const tos = [
      'buyer@example.com',
      'First.Last+tag@sub.example.co.uk',
      'UPPER@example.com',
      'x@EXAMPLE.com',
      'Name <buyer@example.com>',
      'jürgen@example.de',
      'a@bücher.example',
      `${'l'.repeat(70)}@example.com`,
    ];
    const subjects = [
      'Your Proper Parts order 7c9a3b94-1f0e-4c2a-9d1b-2b7e5a0c8f11',
      'Payment received for order 7c9a3b94-1f0e-4c2a-9d1b-2b7e5a0c8f11',
      'Two  spaces, (comments), <angles> & ; : = ? \\ ~',
      'a "quoted" word',
      '=?utf-8?Q?looks_encoded?=',
      ' leading space',
      'trailing space ',
      'Grüße',
      `long ${'word '.repeat(20)}`,
      'a',
    ];
    const texts = ['Hello,\n\nThanks.\n', 'no line break at the end', 'tab\there\r\n', ''];
    const ids = ['<fixed@parts.example.com>', '<a.b-c_d@x>', '<odd id@x>', 'no-angles@x'];
    let filled = 0;
    for (const from of froms)
      for (const to of tos)
        for (const subject of subjects)
          for (const [i, text] of texts.entries()) {
            const messageId = ids[(filled + i) % ids.length];
            const options = { from, to, subject, text, date, messageId };
            const expected = await new MailComposer(options).compile().build();
            expect((await composeMail(options)).toString('utf8')).toBe(expected.toString('utf8'));
            filled += 1;
          }
    expect(filled).toBe(froms.length * tos.length * subjects.length * texts.length);
  });

  it('composes an order mail without nodemailer once the sender’s header block is made', async () => {
    const from = 'Proper Parts <orders@fill.example.com>';
    const mail = (n: number) => ({
      from,
      to: `buyer${n}@example.com`,
      subject: `Your Proper Parts order ${n}`,
      text: `Hello Buyer ${n},\n\nThanks for your order.\n`,
      messageId: `<${n}@fill.example.com>`,
    });
    await composeMail(mail(0));
    const compile = vi.spyOn(MailComposer.prototype, 'compile');
    try {
      const composed = (await composeMail(mail(1))).toString('utf8');
      expect(compile).not.toHaveBeenCalled();
      expect(composed).toContain('\r\nTo: buyer1@example.com\r\n');
      expect(composed).toContain('\r\nSubject: Your Proper Parts order 1\r\n');
      expect(composed).toMatch(/\r\nDate: \w{3}, \d\d \w{3} \d{4} [\d:]{8} \+0000\r\n/);
      expect(composed.endsWith('\r\n\r\nHello Buyer 1,\n\nThanks for your order.\n')).toBe(true);
    } finally {
      compile.mockRestore();
    }
  });

  it('composes nothing on the caller’s turn, and writes the mail once on a later one', async () => {
    const dir = outbox();
    const mailer = createMailer({ from: 'shop@example.com', outboxDir: dir, log: silent });
    const compile = vi.spyOn(MailComposer.prototype, 'compile');
    try {
      // Not plain ASCII: nodemailer composes it (a plain mail is filled in, below).
      const sent = mailer.send({ to: 'a@example.com', subject: 'Order', text: 'Danke schön' });
      expect(compile).not.toHaveBeenCalled();
      await sent;
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
    expect(emls(dir)).toHaveLength(1);
  });

  it('writes every mail of a burst exactly once', async () => {
    const dir = outbox();
    const mailer = createMailer({
      from: 'shop@example.com',
      outboxDir: dir,
      outboxLimits: { maxFiles: 10_000, maxAgeMs: 3600_000 },
      log: silent,
    });
    const burst = 300;
    for (let i = 0; i < burst; i++)
      mailer
        .send({ to: `buyer${i % 7}@example.com`, subject: `Order ${i}`, text: `number ${i}` })
        .catch(() => {});
    await mailer.drain();
    const subjects = emls(dir).map(
      (name) => /^Subject: (.*)$/m.exec(readFileSync(join(dir, name), 'utf8'))?.[1],
    );
    expect(subjects).toHaveLength(burst);
    expect(new Set(subjects).size).toBe(burst);
  });

  it('drain() waits for the mails queued so far, and for those queued while it waits', async () => {
    const dir = outbox();
    const mailer = createMailer({ from: 'shop@example.com', outboxDir: dir, log: silent });
    for (let i = 0; i < 20; i++)
      void mailer.send({ to: 'a@example.com', subject: `First ${i}`, text: 'one' });
    const drained = mailer.drain();
    void mailer.send({ to: 'a@example.com', subject: 'Late', text: 'two' });
    await drained;
    expect(emls(dir)).toHaveLength(21);
  });

  it('logs a mail server that refuses, and never throws at the request that sent the mail', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'shop@example.com', log });
    expect(() =>
      sendInBackground(mailer, { to: 'a@example.com', subject: 'Order', text: 'x' }, log),
    ).not.toThrow();
    await mailer.drain();
    await vi.waitFor(() => expect(lines.join('')).toContain('confirmation mail failed'));
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ to: 'a@example.com', level: 40 });
  });
});
