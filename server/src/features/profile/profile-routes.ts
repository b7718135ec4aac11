import { successEnvelope } from '@proper-parts/domain/envelope';
import { profile, updateProfileRequest } from '@proper-parts/domain/profile';
import { emailParams, modifiedCountResponse } from '@proper-parts/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { type Actor, actorOf, assertSelfOrAdmin } from '../auth/actor.ts';
import { requireUserByEmail } from '../users/users-repository.ts';
import { getProfile, type ProfileOwner, saveProfile } from './profile-repository.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Own profile: the session already names the owner; an admin's look-up goes to the database. */
  function ownerOf(actor: Actor, email: string): Actor | Promise<ProfileOwner> {
    assertSelfOrAdmin(actor, email);
    return actor.email === email ? actor : requireUserByEmail(app.db, email);
  }

  app.get(
    '/profile/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        summary: 'A profile (own email, or an admin)',
        params: emailParams,
        response: { 200: successEnvelope(profile), ...errorResponses },
      },
    },
    async (request) => {
      const owner = await ownerOf(actorOf(request), request.params.email);
      return { success: true as const, data: await getProfile(app.db, owner) };
    },
  );

  app.put(
    '/profile/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        summary: 'Save a profile (own email, or an admin)',
        params: emailParams,
        body: updateProfileRequest,
        response: { 200: successEnvelope(modifiedCountResponse), ...errorResponses },
      },
    },
    async (request) => {
      const owner = await ownerOf(actorOf(request), request.params.email);
      const modifiedCount = await saveProfile(app.db, owner, request.body);
      return { success: true as const, data: { modifiedCount } };
    },
  );
};
