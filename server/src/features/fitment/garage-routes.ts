import { successEnvelope } from '@proper-parts/domain/envelope';
import {
  addGarageVehicleRequest,
  garage,
  garageVehicleParams,
  mergeGarageRequest,
} from '@proper-parts/domain/fitment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import {
  addToGarage,
  listGarage,
  mergeGarage,
  removeFromGarage,
  setCurrentVehicle,
} from './garage-repository.ts';

const answer = { 200: successEnvelope(garage), ...errorResponses };
const signedIn = { access: 'signed-in' as const };

/**
 * "My garage" (issue 20): any signed-in user's own vehicles (customers and admins alike: a garage
 * is personal). Each answer is the whole garage (at most GARAGE_MAX vehicles: one page).
 */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/garage',
    {
      config: signedIn,
      schema: {
        tags: ['fitment'],
        summary: 'My garage: my vehicles, the most recently added first, and which is current',
        response: answer,
      },
    },
    async (request) => ({
      success: true as const,
      data: { vehicles: await listGarage(app.db, actorOf(request).id) },
    }),
  );

  app.post(
    '/garage',
    {
      config: signedIn,
      schema: {
        tags: ['fitment'],
        summary: 'Add a vehicle to my garage (current unless `current: false`); 409 when full',
        body: addGarageVehicleRequest,
        response: answer,
      },
    },
    async (request) => {
      const { vehicleId, current } = request.body;
      const vehicles = await addToGarage(app.db, actorOf(request).id, vehicleId, current);
      return { success: true as const, data: { vehicles } };
    },
  );

  app.put(
    '/garage/current',
    {
      config: signedIn,
      schema: {
        tags: ['fitment'],
        summary: 'Make a vehicle of my garage the current one',
        body: garageVehicleParams,
        response: answer,
      },
    },
    async (request) => {
      const vehicles = await setCurrentVehicle(app.db, actorOf(request).id, request.body.vehicleId);
      return { success: true as const, data: { vehicles } };
    },
  );

  app.post(
    '/garage/merge',
    {
      config: signedIn,
      schema: {
        tags: ['fitment'],
        summary:
          "Merge the browser's garage into mine on sign-in (unknown vehicles dropped, up to the maximum; safe to retry)",
        body: mergeGarageRequest,
        response: answer,
      },
    },
    async (request) => {
      const { vehicleIds, currentId } = request.body;
      const vehicles = await mergeGarage(app.db, actorOf(request).id, vehicleIds, currentId);
      return { success: true as const, data: { vehicles } };
    },
  );

  app.delete(
    '/garage/:vehicleId',
    {
      config: signedIn,
      schema: {
        tags: ['fitment'],
        summary: 'Remove a vehicle from my garage (the current one: none is current after)',
        params: garageVehicleParams,
        response: answer,
      },
    },
    async (request) => {
      const vehicles = await removeFromGarage(
        app.db,
        actorOf(request).id,
        request.params.vehicleId,
      );
      return { success: true as const, data: { vehicles } };
    },
  );
};
