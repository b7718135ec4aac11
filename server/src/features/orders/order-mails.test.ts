import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct, payWithSandbox, placeOrder } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';

/** The MIME types of a raw mail's parts (its own Content-Type when it has no parts). */
const contentTypesOf = (raw: string) =>
  [...raw.matchAll(/^Content-Type:\s*([\w/+-]+)/gim)].map((m) => (m[1] ?? '').toLowerCase());

describe('mails that carry text people typed (a display name, a product name)', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });

  it('are plain text only, with the text as typed: no HTML part for a mail client to run', async () => {
    const buyer = await signUp(app, { name: `${IMG} ${SCRIPT}` });
    const product = await createProduct(app, {
      name: `${SCRIPT}${IMG} Gear`,
      minimumOrderQuantity: 1,
    });
    const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 2 });
    await payWithSandbox(app, buyer, id);

    for (const [subject, parts] of [
      [/Your Proper Parts order/, ['text/plain']],
      // The payment's mail carries the invoice (issue 18): a PDF beside the text, still no HTML.
      [/Payment received/, ['multipart/mixed', 'text/plain', 'application/pdf']],
    ] as const) {
      const mail = await outbox.waitForMail(buyer.email, subject);
      expect(contentTypesOf(mail)).toEqual(parts);
      expect(mail).toContain(`Hello ${IMG} ${SCRIPT},`);
      expect(mail).toContain(`Product: ${SCRIPT}${IMG} Gear`);
      // The subject carries only the order id.
      expect(mail.match(/^Subject: .*$/m)?.[0]).not.toMatch(/[<>]/);
    }
  });
});

describe('closing the app', async () => {
  // A mail server that takes half a second to accept each mail.
  const accepted: string[] = [];
  const slow = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, 500),
      );
    },
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => slow.close(() => resolve())));
  const { port } = slow.server.address() as AddressInfo;
  const app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });

  it('waits for the mails of the orders placed before it (issue 21: mails queued off the request)', async () => {
    const buyer = await signUp(app);
    const product = await createProduct(app, { minimumOrderQuantity: 1 });
    await placeOrder(app, buyer, { toolId: product.id, quantity: 1 });
    expect(accepted).toEqual([]);
    await app.close();
    // The confirmation mail of the sign-up, and the order's.
    expect(accepted).toEqual([buyer.email, buyer.email]);
  });
});
