import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
});
