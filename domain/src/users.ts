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
export const userTokenResponse = z.object({ token: z.string() });
export const adminCheckResponse = z.object({ admin: z.boolean() });
export const modifiedCountResponse = z.object({ modifiedCount: z.number().int() });
