import { messages } from '@proper-parts/domain/messages';
import { PageHeader } from '../../components/page-header';
import { EmailConfirmationNotice } from '../../features/auth/components/email-confirmation-notice';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { ProfileCard } from '../../features/profile/components/profile-card';
import { usePageTitle } from '../../lib/use-page-title';

export function MyProfilePage() {
  usePageTitle('My Profile');
  const { user, isPending } = useCurrentUser();

  return (
    <section>
      <PageHeader
        level={2}
        title="My Profile"
        description="Your contact details, education and links."
      />
      {user ? (
        <>
          {!user.emailVerified && <EmailConfirmationNotice email={user.email} />}
          <ProfileCard email={user.email} />
        </>
      ) : (
        !isPending && <p className="font-medium text-error">{messages.noUserLoggedIn}</p>
      )}
    </section>
  );
}
