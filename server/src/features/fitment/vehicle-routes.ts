import { successEnvelope } from '@proper-parts/domain/envelope';
import {
  enginesQuery,
  fitmentMessages,
  makesQuery,
  modelsQuery,
  vehicle,
  vehicleEngines,
  vehicleMakes,
  vehicleModels,
  vehicleParams,
  vehicleYears,
} from '@proper-parts/domain/fitment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { cachedJsonRoute, sendJson, serializeEnvelope } from '../../http/cached-json.ts';
import { errorResponses } from '../../http/responses.ts';
import { fitmentCache } from './fitment-cache.ts';
import * as vehicles from './vehicle-repository.ts';

/**
 * The vehicle selector (issue 20): year → make → model → engine, each step listing only the
 * combinations `vehicles` holds. Public, answered from memory (fitment-cache.ts).
 */
export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = fitmentCache(app);
  /** The cached body of `key`, read by `load` and checked against `schema` once. */
  const cached = async <T extends z.ZodType>(
    key: string,
    schema: T,
    load: () => Promise<z.input<T> | undefined>,
  ) =>
    cache.get(key, async () => {
      const data = await load();
      const envelope: z.ZodType = successEnvelope(schema);
      return data === undefined ? undefined : serializeEnvelope(envelope, { success: true, data });
    });
  const publicCached = { ...cachedJsonRoute, config: { access: 'public' as const } };

  app.get(
    '/vehicles/years',
    {
      ...publicCached,
      schema: {
        tags: ['fitment'],
        summary: 'Model years that have vehicles, newest first (public)',
        response: { 200: successEnvelope(vehicleYears), ...errorResponses },
      },
    },
    async (_request, reply) =>
      sendJson(
        reply,
        (await cached('years', vehicleYears, () => vehicles.vehicleYears(app.readDb))) as string,
      ),
  );

  app.get(
    '/vehicles/makes',
    {
      ...publicCached,
      schema: {
        tags: ['fitment'],
        summary: 'Makes that have vehicles in that year, A–Z (public)',
        querystring: makesQuery,
        response: { 200: successEnvelope(vehicleMakes), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { year } = request.query;
      const body = await cached(JSON.stringify(['makes', year]), vehicleMakes, () =>
        vehicles.vehicleMakes(app.readDb, year),
      );
      return sendJson(reply, body as string);
    },
  );

  app.get(
    '/vehicles/models',
    {
      ...publicCached,
      schema: {
        tags: ['fitment'],
        summary: 'Models of that make in that year, A–Z (public)',
        querystring: modelsQuery,
        response: { 200: successEnvelope(vehicleModels), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { year, make } = request.query;
      const body = await cached(JSON.stringify(['models', year, make]), vehicleModels, () =>
        vehicles.vehicleModels(app.readDb, year, make),
      );
      return sendJson(reply, body as string);
    },
  );

  app.get(
    '/vehicles/engines',
    {
      ...publicCached,
      schema: {
        tags: ['fitment'],
        summary:
          'The vehicles of that year, make and model, one per engine, by engine A–Z: choosing one chooses a vehicle id (public)',
        querystring: enginesQuery,
        response: { 200: successEnvelope(vehicleEngines), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { year, make, model } = request.query;
      const body = await cached(
        JSON.stringify(['engines', year, make, model]),
        vehicleEngines,
        () => vehicles.vehicleEngines(app.readDb, year, make, model),
      );
      return sendJson(reply, body as string);
    },
  );

  app.get(
    '/vehicles/:id',
    {
      ...publicCached,
      schema: {
        tags: ['fitment'],
        summary: 'One vehicle by id (public)',
        params: vehicleParams,
        response: { 200: successEnvelope(vehicle), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await cached(`vehicle:${id}`, vehicle, () =>
        vehicles.findVehicle(app.readDb, id),
      );
      if (body === undefined) throw new AppError('NOT_FOUND', fitmentMessages.vehicleNotFound);
      return sendJson(reply, body);
    },
  );
};
