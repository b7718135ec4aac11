import { companyRoleNames, type Invitation } from '@proper-parts/domain/companies';
import { formatDate, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  return (
    <li
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="invitation"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">{invitation.email}</p>
        <p className="text-base-content/70">
          {companyRoleNames[invitation.role]}
          {invitation.orderLimit !== null && ` · up to ${formatPrice(invitation.orderLimit)}`} ·
          expires {formatDate(invitation.expiresAt)}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={revoke.isPending}
        aria-busy={revoke.isPending || undefined}
        onClick={() =>
          revoke.mutate(invitation._id, {
            onSuccess: () => toast.success(`Invitation to ${invitation.email} withdrawn`),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        Withdraw
      </button>
    </li>
  );
}

/** The invitations still open (sent, not yet accepted, withdrawn or expired). */
export function InvitationsList() {
  const { data, isPending, isError, error } = useInvitations(true);
  const open = (data?.pages.flatMap((page) => page.invitations) ?? []).filter(
    (each) => each.status === 'open',
  );
  if (isPending) return null;
  if (isError)
    return (
      <p role="alert" className="text-sm text-error">
        {error.message}
      </p>
    );
  if (open.length === 0)
    return <p className="text-sm text-base-content/70">No invitation is waiting for an answer.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Pending invitations">
      {open.map((invitation) => (
        <InvitationRow key={invitation._id} invitation={invitation} />
      ))}
    </ul>
  );
}
