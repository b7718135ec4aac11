import { successEnvelope } from '@proper-parts/domain/envelope';
import { profile, updateProfileRequest } from '@proper-parts/domain/profile';
import { emailParams, modifiedCountResponse } from '@proper-parts/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf, assertSelfOrAdmin } from '../auth/actor.ts';
import { findUserByEmail } from '../users/users-repository.ts';
import { getProfile, saveProfile } from './profile-repository.ts';

const security = [{ bearer: [] }];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  async function ownerOf(email: string) {
    const owner = await findUserByEmail(app.db, email);
    if (!owner) throw new AppError('NOT_FOUND', 'No user with that email');
    return owner;
  }

  app.get(
    '/profile/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        summary: 'A profile (own email, or an admin)',
        security,
        params: emailParams,
        response: { 200: successEnvelope(profile), ...errorResponses },
      },
    },
    async (request) => {
      assertSelfOrAdmin(actorOf(request), request.params.email);
      const owner = await ownerOf(request.params.email);
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
        security,
        params: emailParams,
        body: updateProfileRequest,
        response: { 200: successEnvelope(modifiedCountResponse), ...errorResponses },
      },
    },
    async (request) => {
      assertSelfOrAdmin(actorOf(request), request.params.email);
      const owner = await ownerOf(request.params.email);
      const modifiedCount = await saveProfile(app.db, owner, request.body);
      return { success: true as const, data: { modifiedCount } };
    },
  );
};
