import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type DemoCatalogProgress,
  demoCatalogLoadingText,
} from '@proper-parts/domain/demo-catalog-progress';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedDemoFitments } from '../fitment/demo-fitment-seed.ts';
import { seedDemoCatalog } from './demo-seed.ts';

/** Log lines while the demo catalog loads: one every this many parts. */
const LOG_EVERY = 2500;
/** The longest a step waits for the requests in flight: the seed goes on under constant load. */
const YIELD_AT_MOST_MS = 2000;

/**
 * Requests first. On PGlite a step holds the event loop for its whole length (the engine runs in
 * this thread), so a page whose render needs a few turns of the loop (its data, then its code
 * from disk) would wait a step at each: the next step waits until no request is in flight.
 */
function requestsFirst(app: FastifyInstance) {
  let inFlight = 0;
  app.server.on('request', (_request, response: ServerResponse) => {
    inFlight++;
    response.once('close', () => inFlight--);
  });
  return async () => {
    const until = Date.now() + YIELD_AT_MOST_MS;
    do await sleep(5);
    while (inFlight > 0 && Date.now() < until);
  };
}

/**
 * SEED_DEMO on a first start (decision 034): the categories, brands, reviews and the newest parts
 * (the home page's featured six among them) go in before the port opens; the rest of the 10,000
 * parts and the vehicles' fitments after, in steps, while the shop serves. The catalog page says
 * how far it has got. A start stopped mid-way (SIGTERM, kill -9) resumes at the next start.
 * Returns what opens the port's way to the rest: call it once the shop listens.
 */
export async function seedDemoBeforeOpening(app: FastifyInstance, database: DatabaseHandle) {
  let progress: DemoCatalogProgress | undefined;
  const began = Date.now();
  await database.withoutTimeouts((db) =>
    seedDemoCatalog(db, {
      onStep: (step) => (progress = step),
      until: () => true,
      parts: app.config.DEMO_CATALOG_PARTS,
    }),
  );
  const between = requestsFirst(app);
  let closing = false;
  let running: Promise<void> = Promise.resolve();
  // A drain (SIGTERM) waits for the step in hand, and the next start carries on from there.
  app.addHook('preClose', async () => {
    closing = true;
    await running;
  });

  const loadTheRest = async () => {
    if (progress && progress.loaded < progress.total) {
      app.log.info(`${demoCatalogLoadingText(progress)} The shop is open meanwhile.`);
      const { seeded } = await database.withoutTimeouts((db) =>
        seedDemoCatalog(db, {
          parts: app.config.DEMO_CATALOG_PARTS,
          onStep: (step) => {
            if (step.loaded % LOG_EVERY === 0 && step.loaded < step.total)
              app.log.info(demoCatalogLoadingText(step));
          },
          until: () => closing,
          between,
        }),
      );
      if (closing) return;
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      if (seeded)
        app.log.info(
          `seeded the demo catalog: ${progress.total.toLocaleString('en-US')} parts in ${seconds} s`,
        );
    } else if (progress) app.log.info('seeded the demo catalog');
    // Also a database whose catalog was seeded before fitment existed: once, ~30,000 rows.
    const fitted = await database.withoutTimeouts(seedDemoFitments);
    if (fitted.seeded) app.log.info('seeded the demo vehicles and fitments');
  };
  return () => {
    running = loadTheRest().catch((error: unknown) => {
      app.log.error({ err: error }, 'seeding the demo catalog stopped; the next start carries on');
    });
  };
}
