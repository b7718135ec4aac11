import { randomUUID } from 'node:crypto';
import { writeFile as writeFileWithCallback } from 'node:fs';
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import pLimit from 'p-limit';
import { composeMail } from './compose-mail.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (an invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Queues the mail; it is composed and written (or sent) on a later turn of the event loop, not
   * on the caller's. Resolves once it is written or handed to the SMTP server.
   */
  send(message: MailMessage): Promise<void>;
  /** Resolves once every mail queued so far is written, sent or has failed (`app.close()`). */
  drain(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Without SMTP, mails are written as .eml files here (DATA_DIR/mail). */
  outboxDir?: string;
  /** How much of the outbox is kept (MAIL_OUTBOX_MAX_FILES, MAIL_OUTBOX_MAX_AGE_HOURS). */
  outboxLimits?: OutboxLimits;
  log: FastifyBaseLogger;
}

export interface OutboxLimits {
  maxFiles: number;
  maxAgeMs: number;
}

const DEFAULT_OUTBOX_LIMITS: OutboxLimits = { maxFiles: 1000, maxAgeMs: 7 * 24 * 3600_000 };
/** The outbox is pruned once per this many mails written, and at start: not a scan per mail. */
export const PRUNE_EVERY_MAILS = 50;

/**
 * Keeps the outbox bounded (issue 15: 75,800 files, 303 MB in a 10-minute soak): the newest
 * `maxFiles` mails younger than `maxAgeMs` stay. File names start with the time they were written
 * (13 digits of milliseconds), so their order is their age. Other files are left alone.
 */
export async function pruneOutbox(
  dir: string,
  { maxFiles, maxAgeMs }: OutboxLimits,
  now = Date.now(),
) {
  const mails = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => /^\d{13}-.*\.eml$/.test(name))
    .sort();
  const tooOld = now - maxAgeMs;
  const excess = Math.max(0, mails.length - maxFiles);
  const doomed = mails.filter(
    (name, index) => index < excess || Number(name.slice(0, 13)) < tooOld,
  );
  // unlink, not rm: rm looks at each file first (an lstat a mail, when every order writes one).
  await Promise.all(doomed.map((name) => unlink(join(dir, name)).catch(ignoreGone)));
  return doomed.length;
}

const ignoreGone = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ENOENT') throw error;
};

// The callback form: the promise form opens a FileHandle per file, a third more CPU (issue 9).
const writeFile = promisify(writeFileWithCallback);

/**
 * Message-IDs made here: nodemailer's own draws four `randomBytes` synchronously per mail, half
 * of a mail's CPU when every order sends one (profile, issue 9). Same form, same uniqueness; the
 * domain is read from the sender once.
 */
function messageIdsFrom(from: string): () => string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';
  return () => `<${randomUUID()}@${domain}>`;
}

/** Mails composed or sent at once; the rest wait their turn in the queue. */
export const MAILS_AT_ONCE = 4;

/**
 * Mails leave the request that sent them: `send` only queues, and the queue composes and writes
 * (or sends) on a later turn of the event loop, `MAILS_AT_ONCE` at a time.
 */
function queued(deliver: (message: MailMessage) => Promise<void>): Mailer {
  const limit = pLimit(MAILS_AT_ONCE);
  const pending = new Set<Promise<void>>();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    send(message) {
      const delivery = limit(async () => {
        await nextTurn();
        await deliver(message);
      });
      pending.add(delivery);
      const forget = () => pending.delete(delivery);
      delivery.then(forget, forget);
      return delivery;
    },
    async drain() {
      // Mails queued while draining (a request finishing) are waited for too.
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Mails written by this process, counted: six digits in the outbox's names, so that the mails of
 * one millisecond sort in the order they were written (a fast machine wrote several a millisecond,
 * and the prune then kept an older one over the newest: mailer.test.ts, CI 30 Nov).
 */
let mailsWritten = 0;
const nextMailNumber = () => String(mailsWritten++ % 1_000_000).padStart(6, '0');

/**
 * Real mail over SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under
 * DATA_DIR/mail (its path is logged, never its link), so a shop without a mail server still works.
 */
export function createMailer(options: MailerOptions): Mailer {
  return queued(deliveryOf(options));
}

function deliveryOf({
  smtpUrl,
  from,
  outboxDir,
  outboxLimits = DEFAULT_OUTBOX_LIMITS,
  log,
}: MailerOptions): (message: MailMessage) => Promise<void> {
  const messageId = messageIdsFrom(from);
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async ({ to, subject, text, attachments }) => {
      await transport.sendMail({ from, to, subject, text, attachments, messageId: messageId() });
    };
  }
  // Made once, not before every mail (an order mail each purchase); made again if it went away.
  let outboxReady: Promise<unknown> | undefined;
  let writtenSincePrune = PRUNE_EVERY_MAILS;
  let pruning = false;
  const pruneNowAndThen = (dir: string) => {
    writtenSincePrune += 1;
    if (pruning || writtenSincePrune < PRUNE_EVERY_MAILS) return;
    writtenSincePrune = 0;
    pruning = true;
    pruneOutbox(dir, outboxLimits)
      .catch((error: unknown) => log.warn({ err: error }, 'could not prune the mail outbox'))
      .finally(() => {
        pruning = false;
      });
  };
  const ensureOutbox = (dir: string) => {
    outboxReady ??= mkdir(dir, { recursive: true }).catch((error: unknown) => {
      outboxReady = undefined;
      throw error;
    });
    return outboxReady;
  };
  return async ({ to, subject, text, attachments }) => {
    // nodemailer's own MIME builder, without a transport around it (plugins, envelope, a
    // stream pipeline): a third less CPU per mail, the same bytes.
    const message = await composeMail({
      from,
      to,
      subject,
      text,
      attachments,
      messageId: messageId(),
    });
    if (outboxDir) {
      await ensureOutbox(outboxDir);
      // Time first, then this process's count (the newest sorts last, within a millisecond too:
      // the prune and the readers sort names), then a random part: two mails never share a name.
      const name = `${Date.now()}-${nextMailNumber()}-${randomUUID().slice(0, 8)}-${to.replace(/[^a-z0-9@._+-]/gi, '_')}`;
      const file = join(outboxDir, `${name}.eml`);
      await writeFile(file, message, { flag: 'wx' }).catch(async (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        outboxReady = undefined;
        await ensureOutbox(outboxDir);
        await writeFile(file, message, { flag: 'wx' });
      });
      // The file, never the link: a reset or confirmation link is a credential (log-options.ts).
      log.info({ to, subject, file }, 'mail written to the outbox (no SMTP_URL)');
      pruneNowAndThen(outboxDir);
    } else {
      log.info({ to, subject }, 'mail not sent (no SMTP_URL and no DATA_DIR)');
    }
  };
}
