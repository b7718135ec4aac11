import type { PunchoutProtocol } from '@proper-parts/domain/punchout';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { mailPlacedOrder } from '../cart/placed-order-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type ActiveConnection, findConnection } from './connection-store.ts';
import {
  CxmlRefused,
  child,
  credentialsOf,
  cxmlResponse,
  esc,
  parseCxml,
  text,
  type XmlNode,
} from './cxml.ts';
import { hidden, hostOf, limited, returnUrlOf } from './door-options.ts';
import { browserRoutes } from './punchout-browser-routes.ts';
import { placeOrderRequest, readOrderRequest } from './punchout-order.ts';
import { openPunchout } from './punchout-sessions.ts';

/**
 * Issue 34: PunchOut's own doors, outside /api/v1. The cXML calls carry their credentials in the
 * document (From + Sender's SharedSecret), not a session; the browser doors (StartPage, OCI login,
 * the cart's return) end in a normal shop session or leave one. The shop's own routes keep every
 * rule: CSRF (the cross-site guard), access, approvals.
 */
export const punchoutRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsync =>
  async (app) => {
    await app.register(cxmlRoutes(mailer));
    await app.register(browserRoutes);
  };

const cxmlRoutes =
  (mailer: Mailer): FastifyPluginAsync =>
  async (app) => {
    const host = hostOf(app.config.PUBLIC_URL);
    // The document is read as text and parsed by us (cxml.ts); the app's 1 MiB limit holds.
    app.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    // Every refusal answers in cXML, with its status code in the document and on the answer.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { code, message } = cxmlStatusOf(error);
      if (code >= 500) request.log.error({ err: error }, 'punchout request failed');
      return reply
        .status(code)
        .type('text/xml; charset=utf-8')
        .send(cxmlResponse(host, code, message));
    });

    const documentOf = (request: FastifyRequest): XmlNode => {
      if (typeof request.body !== 'string' || !request.body.trim())
        throw new CxmlRefused('A cXML document is required (Content-Type: text/xml)');
      return parseCxml(request.body);
    };

    app.post(
      '/punchout/cxml/setup',
      { config: { ...limited, crossSite: true }, schema: hidden },
      async (request, reply) => {
        const root = documentOf(request);
        const setup = child(root, 'Request', 'PunchOutSetupRequest');
        if (Object.keys(setup).length === 0)
          throw new CxmlRefused('Request/PunchOutSetupRequest is required');
        const connection = await connectionOfDocument(app, root);
        const buyerCookie = text(setup, 'BuyerCookie').slice(0, 500);
        if (!buyerCookie) throw new CxmlRefused('PunchOutSetupRequest: BuyerCookie is required');
        const returnUrl = returnUrlOf(text(setup, 'BrowserFormPost', 'URL'));
        if (!returnUrl)
          throw new CxmlRefused(
            'PunchOutSetupRequest: BrowserFormPost/URL (http or https) is required',
          );
        const token = await openPunchout(
          app.db,
          connection,
          { buyerCookie, returnUrl },
          app.config.PUNCHOUT_START_MINUTES,
        );
        const startUrl = new URL('/punchout/start', app.config.PUBLIC_URL);
        startUrl.searchParams.set('token', token);
        const inner = `<PunchOutSetupResponse>\n<StartPage><URL>${esc(startUrl.toString())}</URL></StartPage>\n</PunchOutSetupResponse>\n`;
        return reply
          .type('text/xml; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(cxmlResponse(host, 200, 'success', inner));
      },
    );

    app.post(
      '/punchout/cxml/order',
      { config: { ...limited, crossSite: true }, schema: hidden },
      async (request, reply) => {
        const root = documentOf(request);
        if (Object.keys(child(root, 'Request', 'OrderRequest')).length === 0)
          throw new CxmlRefused('Request/OrderRequest is required');
        const connection = await connectionOfDocument(app, root, ['cxml', 'oci']);
        const input = readOrderRequest(root);
        const { order, repeated } = await placeOrderRequest(app.db, connection, input, {
          approvalHoldHours: app.config.APPROVAL_HOLD_HOURS,
        });
        if (!repeated)
          await mailPlacedOrder(
            { db: app.db, publicUrl: app.config.PUBLIC_URL },
            mailer,
            order,
            request.log,
          );
        const said = repeated
          ? `Order ${order._id} was placed for orderID ${input.orderId} already`
          : order.status === 'awaiting_approval'
            ? `Order ${order._id} placed; it awaits approval in the shop`
            : `Order ${order._id} placed`;
        return reply.type('text/xml; charset=utf-8').send(cxmlResponse(host, 200, said));
      },
    );
  };

/**
 * The connection the document's credentials open: one of its From credentials (domain and
 * identity) with the Sender's SharedSecret. An OrderRequest may also come for an OCI connection
 * (SAP sends its POs as cXML through its business network or a PI mapping: OCI has no order
 * message): its From Identity is the OCI USERNAME and the SharedSecret the PASSWORD, any domain.
 * A 401 otherwise, saying no more than that.
 */
async function connectionOfDocument(
  app: FastifyInstance,
  root: XmlNode,
  protocols: PunchoutProtocol[] = ['cxml'],
): Promise<ActiveConnection> {
  const secret = credentialsOf(root, 'Sender').find(
    (credential) => credential.sharedSecret,
  )?.sharedSecret;
  if (secret) {
    for (const from of credentialsOf(root, 'From').slice(0, 5)) {
      if (!from.identity) continue;
      for (const protocol of protocols) {
        const found = await findConnection(app.db, protocol, { ...from, secret });
        if (found) return found;
      }
    }
  }
  throw new AppError(
    'UNAUTHENTICATED',
    'Authentication failed: unknown From credential or wrong SharedSecret',
  );
}

/** The cXML status of a refusal: our own (400/401/404→400/409), the framework's (413, 415), or 500. */
function cxmlStatusOf(error: FastifyError | Error): { code: number; message: string } {
  if (error instanceof CxmlRefused) return { code: 400, message: error.message };
  if (error instanceof AppError) {
    // cXML has no 404 for a line: an unknown part is a bad request, its reason named.
    const code = error.statusCode === 404 ? 400 : error.statusCode;
    return { code, message: error.message };
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 413) return { code: 413, message: 'The document is too large (at most 1 MiB)' };
  if (status >= 400 && status < 500) return { code: status, message: error.message };
  return { code: 500, message: 'The shop could not take this request; try again later' };
}
