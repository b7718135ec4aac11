import type { Profile, UpdateProfileRequest } from '@proper-parts/domain/profile';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, type user } from '../../db/schema.ts';

/** Whose profile: the account's id, and the identity fields the profile shows. */
export type ProfileOwner = Pick<typeof user.$inferSelect, 'id' | 'email' | 'name' | 'image'>;

export async function getProfile(db: Database, owner: ProfileOwner): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, owner.id)).limit(1);
  return {
    email: owner.email,
    name: owner.name,
    photoURL: owner.image,
    city: row?.city ?? '',
    education: row?.education ?? '',
    phone: row?.phone ?? '',
    link: row?.link ?? '',
  };
}

/** Creates the profile on the first save, updates it after; either way one row is modified. */
export async function saveProfile(db: Database, owner: ProfileOwner, input: UpdateProfileRequest) {
  const { email: _ignored, ...fields } = input;
  const changed = await db
    .insert(profiles)
    .values({ userId: owner.id, ...fields })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } })
    .returning({ userId: profiles.userId });
  return changed.length;
}
