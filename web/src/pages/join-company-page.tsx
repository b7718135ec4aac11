import { companyMessages, companyRoleNames } from '@proper-parts/domain/companies';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BusyButton } from '../components/busy-button';
import { FormAlert } from '../components/form-alert';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useAcceptInvitation } from '../features/companies/api/accept-invitation';
import { useInvitationPreview } from '../features/companies/api/get-invitation-preview';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

const whyNot = {
  accepted: companyMessages.invitationUsed,
  expired: companyMessages.invitationExpired,
  revoked: companyMessages.invitationRevoked,
} as const;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-12 max-w-lg px-4">
      <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
        <h1 className="mb-4 text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** `/company/join?token=…`, the mailed invitation link: what it invites to, and Accept. */
export function JoinCompanyPage() {
  usePageTitle('Join a company');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useCurrentUser();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  if (!token || preview.isError)
    return (
      <Card title="Invitation">
        <p role="alert" className="text-error">
          {preview.error?.message ?? companyMessages.invitationInvalid}
        </p>
        <p className="mt-4 text-sm">
          Ask your company admin to send you a new invitation.{' '}
          <Link to={paths.home} className="link link-primary">
            Back to the shop
          </Link>
        </p>
      </Card>
    );
  if (preview.isPending || !user) return <Spinner text="Reading your invitation…" />;

  const { companyName, email, role, status } = preview.data;
  const otherEmail = email.toLowerCase() !== user.email.toLowerCase();
  const refusal =
    status !== 'open'
      ? whyNot[status]
      : user.isAdmin
        ? companyMessages.shopAdminCannotJoin
        : otherEmail
          ? companyMessages.invitationOtherEmail(email)
          : null;

  return (
    <Card title={`Join ${companyName}`}>
      <p>
        <strong className="break-words">{companyName}</strong> invites you (
        <span className="break-words">{email}</span>) to join as{' '}
        <strong>{companyRoleNames[role]}</strong>.
      </p>
      {refusal ? (
        <>
          <p role="alert" className="mt-4 font-medium text-error">
            {refusal}
          </p>
          <p className="mt-4 text-sm">
            {otherEmail && status === 'open'
              ? `You are signed in as ${user.email}.`
              : 'Ask your company admin for a new invitation if you still need one.'}{' '}
            <Link to={paths.dashboard.company} className="link link-primary">
              Go to Company
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-base-content/70">
            Accepting also confirms that {email} is your address.
          </p>
          <FormAlert message={accept.error?.message} className="mt-4" />
          <BusyButton
            type="button"
            busy={accept.isPending}
            className="btn-primary mt-6"
            onClick={() =>
              accept.mutate(token, {
                onSuccess: ({ message }) => {
                  toast.success(message ?? `You joined ${companyName}`);
                  navigate(paths.dashboard.company);
                },
              })
            }
          >
            Accept invitation
          </BusyButton>
        </>
      )}
    </Card>
  );
}
