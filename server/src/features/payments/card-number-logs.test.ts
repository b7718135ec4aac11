import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helper.ts';
import { sendOriginLikeABrowser } from '../../../test/helper.ts';
import { as, createProduct, placeOrder } from '../../../test/order-helpers.ts';
import { loadPgliteTemplate } from '../../../test/pglite-template.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { logOptions } from '../../log-options.ts';

/** The sandbox at the most talkative log level: no card number reaches the logs. */
describe('sandbox payments and the logs', async () => {
  const lines: string[] = [];
  const database = await openDatabase({ pgliteTemplate: loadPgliteTemplate() });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'trace' }),
    db: database.db,
    dbKind: database.kind,
    uploadsDir: mkdtempSync(join(tmpdir(), 'pp-card-logs-')),
    logger: logOptions('trace', { stream: { write: (line: string) => lines.push(line) } }),
  });
  await app.ready();
  sendOriginLikeABrowser(app);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('logs requests, failures included, without the card number', async () => {
    const buyer = await signUp(app);
    const product = await createProduct(app, { minimumOrderQuantity: 1 });
    const numbers = ['4000000000000002', '4242424242424241', '4242424242424242'];
    for (const number of numbers) {
      const orderId = await placeOrder(app, buyer, { toolId: product.id, quantity: 1 });
      const intent = await app.inject({
        method: 'POST',
        url: '/api/v1/create-payment-intent',
        headers: as(buyer),
        payload: { orderId },
      });
      await app.inject({
        method: 'POST',
        url: '/api/v1/sandbox/confirm',
        headers: as(buyer),
        payload: {
          clientSecret: intent.json().data.clientSecret,
          card: { number, expiry: '12/34', cvc: '123' },
        },
      });
    }
    const log = lines.join('');
    expect(log).toContain('/api/v1/sandbox/confirm');
    for (const number of numbers) expect(log).not.toContain(number);
  });
});
