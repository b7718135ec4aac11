import { z } from 'zod';
import { USER_ROLES } from './constants.ts';

export const emailParams = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(3)
    .max(254)
    .includes('@', { message: 'must be an email address' }),
});

/** A user as the admin's All Users table sees it (spec §3 User). */
export const userSummary = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
});
export type UserSummary = z.infer<typeof userSummary>;

/** `PUT /user/{email}`: the body's fields are recorded nowhere; `role` in it is ignored. */
export const recordUserRequest = z.object({ email: z.string().optional() }).loose().optional();
/** The spec's answer to `PUT /user/{email}`: the token only to a client that already holds it as
 * its bearer; `POST /tokens` is where an API client gets one (decision 004). */
export const userTokenResponse = z.object({ token: z.string().optional() });
export const adminCheckResponse = z.object({ admin: z.boolean() });
export const modifiedCountResponse = z.object({ modifiedCount: z.number().int() });
