import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_ROLES,
  companyRoleNames,
  type InviteRequest,
  inviteRequest,
} from '@proper-parts/domain/companies';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useInviteMember } from '../api/invite-member';

type InviteInput = z.input<typeof inviteRequest>;

/** A company admin invites a colleague: the mailed link works once, for that address. */
export function InviteForm() {
  const invite = useInviteMember();
  const roleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteRequest>({
    resolver: zodResolver(inviteRequest),
    defaultValues: { email: '', role: 'buyer', orderLimit: null },
  });
  const role = watch('role');

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await invite.mutateAsync(values);
      toast.success(message ?? `Invitation sent to ${values.email}`);
      reset({ email: '', role: values.role, orderLimit: null });
    } catch {
      // invite.error shows under the form.
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Invite a colleague"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start"
    >
      <FormField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={roleId} className="text-sm font-medium">
          Role
        </label>
        <select id={roleId} className="select w-full" {...register('role')}>
          {COMPANY_ROLES.map((each) => (
            <option key={each} value={each}>
              {companyRoleNames[each]}
            </option>
          ))}
        </select>
      </div>
      {role === 'buyer' ? (
        <FormField
          label="Limit per order ($)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          placeholder="No limit"
          error={errors.orderLimit?.message}
          {...register('orderLimit', {
            setValueAs: (value: string) => (value === '' || value == null ? null : Number(value)),
          })}
        />
      ) : (
        <p className="self-center text-sm text-base-content/70">
          {role === 'admin'
            ? 'Manages members and addresses; buys and approves.'
            : 'Approves orders above a buyer’s limit.'}
        </p>
      )}
      <div className="flex flex-col gap-1.5 sm:pt-7">
        <BusyButton busy={isSubmitting} className="btn-primary lg:w-auto">
          Send invitation
        </BusyButton>
      </div>
      <FormAlert message={invite.error?.message} className="sm:col-span-2 lg:col-span-4" />
    </form>
  );
}
