import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatePunchoutConnectionInput,
  type CreatePunchoutConnectionRequest,
  createPunchoutConnectionRequest,
  PUNCHOUT_PROTOCOLS,
  punchoutProtocolLabels,
} from '@proper-parts/domain/punchout';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField, SelectField } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useCompanies } from '../../accounts/api/get-companies';
import { useCreatePunchoutConnection } from '../api/create-punchout-connection';

/**
 * Shop admin: connect a company's procurement system. The shared secret (cXML) or password (OCI)
 * is typed here once and kept only as a hash; tell it to the buyer's administrator yourself.
 */
export function CreatePunchoutConnectionForm() {
  const create = useCreatePunchoutConnection();
  const companies = useCompanies();
  const choices = companies.data?.pages.flatMap((page) => page.companies) ?? [];
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CreatePunchoutConnectionInput, unknown, CreatePunchoutConnectionRequest>({
    resolver: zodResolver(createPunchoutConnectionRequest),
    defaultValues: {
      companyId: '',
      protocol: 'cxml',
      name: '',
      fromDomain: 'NetworkID',
      fromIdentity: '',
      sharedSecret: '',
      userEmail: '',
    },
  });
  const oci = watch('protocol') === 'oci';

  const submit = handleSubmit(async (request) => {
    try {
      const { message } = await create.mutateAsync(request);
      toast.success(message ?? 'PunchOut connection created');
      reset();
    } catch {
      // create.error shows under the form.
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="New PunchOut connection"
      className="mb-6 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="font-semibold">New connection</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField label="Company" error={errors.companyId?.message} {...register('companyId')}>
          <option value="">
            {companies.isPending ? 'Loading companies…' : 'Choose a company'}
          </option>
          {choices.map((company) => (
            <option key={company._id} value={company._id}>
              {company.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Protocol" error={errors.protocol?.message} {...register('protocol')}>
          {PUNCHOUT_PROTOCOLS.map((protocol) => (
            <option key={protocol} value={protocol}>
              {punchoutProtocolLabels[protocol]}
            </option>
          ))}
        </SelectField>
        <FormField
          label="System name"
          placeholder="Acme Ariba"
          hint='The cart button reads "Return cart to …" this name (the identity when empty)'
          error={errors.name?.message}
          {...register('name')}
        />
        {!oci && (
          <FormField
            label="From domain"
            placeholder="NetworkID"
            hint="The domain of the From credential (NetworkID, DUNS…)"
            error={errors.fromDomain?.message}
            {...register('fromDomain')}
          />
        )}
        <FormField
          label={oci ? 'User name (USERNAME)' : 'From identity'}
          placeholder={oci ? 'acme-srm' : 'AN01000000001'}
          autoComplete="off"
          error={errors.fromIdentity?.message}
          {...register('fromIdentity')}
        />
        <FormField
          label={oci ? 'Password (PASSWORD)' : 'Shared secret'}
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters; kept only as a hash, never shown again"
          error={errors.sharedSecret?.message}
          {...register('sharedSecret')}
        />
        <FormField
          label="Shops as (member email)"
          type="email"
          placeholder="buyer@acme.example"
          hint="A member of the company: orders are placed on its account under this person"
          error={errors.userEmail?.message}
          {...register('userEmail')}
        />
      </div>
      <FormAlert message={create.error?.message} />
      <BusyButton busy={create.isPending} className="btn-primary sm:w-auto sm:self-start">
        Create connection
      </BusyButton>
    </form>
  );
}
