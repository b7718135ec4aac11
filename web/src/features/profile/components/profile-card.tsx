import { isPhotoUrl } from '@proper-parts/domain/photo-url';
import type { Profile } from '@proper-parts/domain/profile';
import { Spinner } from '../../../components/spinner';
import { useProfile } from '../api/get-profile';
import { UpdateProfileModal } from './update-profile-modal';

const PLACEHOLDER_AVATAR = '/images/avatars/placeholder.svg';
const EMPTY = '—';

// The server only stores http(s) links; anything else is shown as text, never as an href.
const isWebLink = (value: string) => /^https?:\/\//i.test(value);

function ProfileLink({ link }: { link: string }) {
  if (!link) return EMPTY;
  if (!isWebLink(link)) return link;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className="link link-primary break-all"
    >
      {link}
    </a>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const rows = [
    { label: 'City', value: profile.city || EMPTY },
    { label: 'Education', value: profile.education || EMPTY },
    { label: 'Phone', value: profile.phone || EMPTY },
    { label: 'Link', value: <ProfileLink link={profile.link} /> },
  ];

  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/60">
            {row.label}
          </dt>
          <dd className="mt-1 break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The signed-in user's profile with its Update Profile button (spec §3 Profile). */
export function ProfileCard({ email }: { email: string }) {
  const { data: profile, isPending, isError, error } = useProfile(email);

  if (isPending) return <Spinner text="Loading your profile…" />;
  if (isError) {
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  }

  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6 sm:flex-row sm:items-start">
        <img
          src={
            profile.photoURL && isPhotoUrl(profile.photoURL) ? profile.photoURL : PLACEHOLDER_AVATAR
          }
          alt=""
          width={112}
          height={112}
          className="size-28 shrink-0 rounded-full border border-base-300 bg-base-200 object-cover"
        />
        <div className="min-w-0 flex-1 space-y-6">
          <div>
            <h3 className="text-2xl font-semibold break-words">{profile.name || EMPTY}</h3>
            <p className="text-base-content/70 break-all">{profile.email}</p>
          </div>
          <ProfileDetails profile={profile} />
          <UpdateProfileModal profile={profile} />
        </div>
      </div>
    </article>
  );
}
