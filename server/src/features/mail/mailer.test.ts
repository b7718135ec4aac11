import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

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
