import {
  COMPANY_ROLES,
  type CompanyRole,
  companyRoleNames,
  type Member,
  updateMemberRequest,
} from '@proper-parts/domain/companies';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { Modal, ModalActions } from '../../../components/modal';
import { formatDate, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';

const limitText = (member: Member) =>
  member.role !== 'buyer'
    ? 'Approves; no limit'
    : member.orderLimit === null
      ? 'No limit per order'
      : `Up to ${formatPrice(member.orderLimit)} per order`;

/**
 * One member: a card that reads on a phone as well as on a desktop. A company admin changes the
 * role and a buyer's limit, and removes; anyone may leave (their own card) but the only company
 * admin, who would leave the company with none (the server refuses it too).
 */
export function MemberRow({
  member,
  canManage,
  isMe,
  canLeave,
}: {
  member: Member;
  canManage: boolean;
  isMe: boolean;
  /** The server's word (`company.me.canLeave`): false for the only company admin. */
  canLeave: boolean;
}) {
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(member.orderLimit === null ? '' : String(member.orderLimit));
  const [limitError, setLimitError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const ids = { role: useId(), limit: useId() };
  const changed =
    role !== member.role ||
    (role === 'buyer' && limit !== (member.orderLimit === null ? '' : String(member.orderLimit)));

  const save = () => {
    const body = {
      role,
      ...(role === 'buyer' ? { orderLimit: limit.trim() === '' ? null : Number(limit) } : {}),
    };
    const parsed = updateMemberRequest.safeParse(body);
    if (!parsed.success) {
      setLimitError(parsed.error.issues[0]?.message);
      return;
    }
    setLimitError(undefined);
    update.mutate(
      { userId: member.userId, ...parsed.data },
      {
        onSuccess: () => toast.success(`${member.name} updated`),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <li
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:flex-row md:items-end md:justify-between"
      data-testid="member"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {member.name}
          {isMe && (
            <>
              {' '}
              <span className="ml-1 badge badge-ghost badge-sm">You</span>
            </>
          )}
        </p>
        <p className="text-sm break-words text-base-content/70">{member.email}</p>
        <p className="text-sm text-base-content/70">Joined {formatDate(member.joinedAt)}</p>
        {!canManage && (
          <p className="mt-1 text-sm">
            <span className="font-medium">{companyRoleNames[member.role]}</span> ·{' '}
            {limitText(member)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {canManage && (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.role} className="text-xs font-medium">
                Role
              </label>
              <select
                id={ids.role}
                className="select select-sm w-36"
                value={role}
                onChange={(event) => setRole(event.target.value as CompanyRole)}
              >
                {COMPANY_ROLES.map((each) => (
                  <option key={each} value={each}>
                    {companyRoleNames[each]}
                  </option>
                ))}
              </select>
            </div>
            {role === 'buyer' && (
              <div className="flex flex-col gap-1">
                <label htmlFor={ids.limit} className="text-xs font-medium">
                  Limit per order ($)
                </label>
                <input
                  id={ids.limit}
                  type="number"
                  min={0}
                  step="0.01"
                  inputMode="decimal"
                  placeholder="No limit"
                  className={`input input-sm w-32 ${limitError ? 'input-error' : ''}`}
                  aria-invalid={limitError ? true : undefined}
                  aria-describedby={limitError ? `${ids.limit}-error` : undefined}
                  value={limit}
                  onChange={(event) => setLimit(event.target.value)}
                />
              </div>
            )}
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={!changed || update.isPending}
              aria-busy={update.isPending || undefined}
              onClick={save}
            >
              Save
            </button>
          </>
        )}
        {isMe && !canLeave && (
          <p className="text-xs text-base-content/70 md:max-w-56">
            You are the only company admin: make another member one before you leave.
          </p>
        )}
        {(isMe ? canLeave : canManage) && (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {isMe ? 'Leave' : 'Remove'}
          </button>
        )}
      </div>
      {limitError && (
        <p id={`${ids.limit}-error`} className="text-sm text-error md:basis-full">
          {limitError}
        </p>
      )}
      {confirming && (
        <Modal
          title={isMe ? 'Leave the company?' : `Remove ${member.name}?`}
          description={
            isMe
              ? 'You lose access to its orders, approvals and addresses at once. An admin can invite you again.'
              : `${member.email} loses access to the company at once. You can invite them again.`
          }
          onClose={() => setConfirming(false)}
        >
          {({ close }) => (
            <>
              <FormAlert message={remove.error?.message} className="mt-4" />
              <ModalActions onCancel={close} cancelDisabled={remove.isPending} cancelLabel="Cancel">
                <BusyButton
                  type="button"
                  busy={remove.isPending}
                  className="btn-error sm:w-auto"
                  onClick={() =>
                    remove
                      .mutateAsync(member.userId)
                      .then(({ message }) => {
                        toast.success(message ?? 'Member removed');
                        close();
                      })
                      .catch(() => {
                        // remove.error shows in the modal.
                      })
                  }
                >
                  {isMe ? 'Yes, leave' : 'Yes, remove'}
                </BusyButton>
              </ModalActions>
            </>
          )}
        </Modal>
      )}
    </li>
  );
}
