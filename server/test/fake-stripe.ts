import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
}

export interface SeenRequest {
  method: string;
  path: string;
  authorization?: string;
  idempotencyKey?: string;
  stripeVersion?: string;
  body: URLSearchParams;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

/**
 * A local HTTP server that answers the Stripe SDK the way Stripe's API does, for the calls the
 * shop makes (create and retrieve PaymentIntents, with idempotency keys). `succeed()` stands in
 * for Stripe.js confirming a card in the browser.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const seen: SeenRequest[] = [];
  /** Refunds made, one per idempotency key (as Stripe answers a repeated key). */
  const refunds = new Map<string, { id: string; payment_intent: string; amount: number }>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await bodyOf(request);
    seen.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      stripeVersion: request.headers['stripe-version'] as string | undefined,
      body,
    });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(json));
    };
    const missing = (what: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${what}'`,
          param: 'intent',
        },
      });

    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const earlier = key ? byIdempotencyKey.get(key) : undefined;
      if (earlier) return send(200, earlier);
      const intentId = id('pi');
      const metadata: Record<string, string> = {};
      for (const [name, value] of body)
        if (name.startsWith('metadata[')) metadata[name.slice(9, -1)] = value;
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        amount_received: 0,
        currency: body.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        livemode: false,
      };
      intents.set(intentId, intent);
      if (key) byIdempotencyKey.set(key, intent);
      return send(200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent) return missing(body.get('payment_intent') ?? '');
      const key = (request.headers['idempotency-key'] as string | undefined) ?? id('key');
      const refund = refunds.get(key) ?? {
        id: id('re'),
        payment_intent: intent.id,
        amount: Number(body.get('amount') ?? intent.amount_received),
      };
      refunds.set(key, refund);
      return send(200, { object: 'refund', status: 'succeeded', currency: 'usd', ...refund });
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const found = intents.get(decodeURIComponent(match[1] ?? ''));
      return found ? send(200, found) : missing(match[1] ?? '');
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${url.pathname})`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    seen,
    refunds,
    /** What Stripe.js confirming a good card does to the intent. */
    succeed(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
