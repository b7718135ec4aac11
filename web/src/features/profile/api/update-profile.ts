import { photoUrlField, updateIdentityRequest } from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { type Profile, updateProfileRequest } from '@proper-parts/domain/profile';
import { modifiedCountResponse } from '@proper-parts/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../config/paths';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { authClient } from '../../auth/auth-client';
import { useCurrentUser } from '../../auth/use-current-user';
import { profileQueryOptions } from './get-profile';

/**
 * The Update Profile form: the API's own request (spec §5: every field optional) plus the
 * display name and photo, which the identity service keeps.
 */
export const updateProfileForm = updateProfileRequest.omit({ email: true }).extend({
  name: updateIdentityRequest.shape.name,
  photoURL: photoUrlField.optional(),
});
export type UpdateProfileFormInput = z.input<typeof updateProfileForm>;
export type UpdateProfileFormValues = z.output<typeof updateProfileForm>;

export const updateProfile = ({
  email,
  data,
}: {
  email: string;
  data: z.input<typeof updateProfileRequest>;
}) => apiFetch(api.profile(email), { method: 'PUT', body: data, schema: modifiedCountResponse });

/** Sends a changed display name or photo to the identity service; a blank name keeps the old one. */
async function updateIdentity(current: Profile, { name, photoURL }: UpdateProfileFormValues) {
  const changes: { name?: string; image?: string | null } = {};
  if (name && name !== current.name) changes.name = name;
  const image = photoURL || null;
  if (photoURL !== undefined && image !== current.photoURL) changes.image = image;
  if (Object.keys(changes).length === 0) return;

  const { error } = await authClient.updateUser(changes);
  if (error) throw new ApiError(error.message ?? messages.internalError, error.status);
}

/**
 * Saves the signed-in user's profile: name and photo first, then the rest (spec §7 PUT
 * /profile/{email}). Signed out, it fails with 'No user is logged in' (spec §8).
 */
export function useUpdateProfile() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async ({
      current,
      values,
    }: {
      current: Profile;
      values: UpdateProfileFormValues;
    }) => {
      if (!user) throw new ApiError(messages.noUserLoggedIn, 401);
      await updateIdentity(current, values);
      const { name: _name, photoURL: _photoURL, ...fields } = values;
      return updateProfile({ email: user.email, data: { ...fields, email: user.email } });
    },
    onSettled: async () => {
      if (!user) return;
      // The name and photo live in the session too: the dashboard heading reads them from there.
      authClient.$store.notify('$sessionSignal');
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions(user.email).queryKey });
    },
  });
}
