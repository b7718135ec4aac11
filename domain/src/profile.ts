import { z } from 'zod';

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`);

/** Profile fields the user edits (spec §3, §5: all optional). */
export const updateProfileRequest = z.object({
  city: optionalText(80).optional(),
  education: optionalText(120).optional(),
  phone: optionalText(30)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain digits, spaces and + ( ) - . only')
    .optional(),
  link: optionalText(300)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
      'Link must start with http:// or https://',
    )
    .optional(),
  /** Sent by the original client; the profile's email is always the path's. */
  email: z.string().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const profile = z.object({
  email: z.string(),
  name: z.string(),
  photoURL: z.string().nullable(),
  city: z.string(),
  education: z.string(),
  phone: z.string(),
  link: z.string(),
});
export type Profile = z.infer<typeof profile>;
