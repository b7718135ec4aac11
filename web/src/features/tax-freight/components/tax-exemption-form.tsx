import { zodResolver } from '@hookform/resolvers/zod';
import { type TaxExemptionView, taxExemptionRequest } from '@proper-parts/domain/tax';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { formatDay } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSaveTaxExemption, useTaxExemption } from '../api/tax-freight';

/** The form's fields: the states typed as a list (`TX, CA`), read by the domain's schema. */
const exemptionForm = z.object({
  certificateNumber: z.string(),
  regions: z.string(),
  expiresOn: z.string(),
});
type ExemptionForm = z.infer<typeof exemptionForm>;

/**
 * Issue 33, shop admin: a company's sales-tax exemption certificate (number, the US states it
 * covers, its expiry: after that day it exempts nothing), or its end. Opens on the certificate
 * recorded, and says plainly when there is none or it has expired.
 */
export function TaxExemptionForm({ companyId }: { companyId: string }) {
  const recorded = useTaxExemption(companyId);
  const save = useSaveTaxExemption(companyId);
  const current = recorded.data?.exemption;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ExemptionForm>({
    resolver: zodResolver(exemptionForm),
    defaultValues: { certificateNumber: '', regions: '', expiresOn: '' },
  });
  // The fields start from the certificate on record, once it is read.
  useEffect(() => {
    if (current)
      reset({
        certificateNumber: current.certificateNumber,
        regions: current.regions.join(', '),
        expiresOn: current.expiresOn,
      });
  }, [current, reset]);
  const send = async (exemption: z.input<typeof taxExemptionRequest>['exemption']) => {
    try {
      const saved = await save.mutateAsync(taxExemptionRequest.parse({ exemption }));
      if (!saved.exemption) reset({ certificateNumber: '', regions: '', expiresOn: '' });
      toast.success(saved.exemption ? 'Exemption certificate recorded' : 'Exemption ended');
    } catch {
      // Under the form.
    }
  };
  const submit = handleSubmit(async ({ certificateNumber, regions, expiresOn }) => {
    const exemption = {
      certificateNumber,
      regions: regions.split(/[,;\s]+/).filter(Boolean),
      expiresOn,
    };
    const parsed = taxExemptionRequest.safeParse({ exemption });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[1] ?? 'certificateNumber') as keyof ExemptionForm;
        setError(field, { message: issue.message });
      }
      return;
    }
    await send(exemption);
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Sales tax exemption"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h3 className="text-lg font-semibold">Sales tax exemption</h3>
      <ExemptionStatus
        loading={recorded.isPending}
        failed={recorded.error?.message}
        exemption={current}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label="Certificate number"
          error={errors.certificateNumber?.message}
          {...register('certificateNumber')}
        />
        <FormField
          label="States (e.g. TX, CA)"
          error={errors.regions?.message}
          {...register('regions')}
        />
        <FormField
          label="Expires on"
          type="date"
          error={errors.expiresOn?.message}
          {...register('expiresOn')}
        />
      </div>
      <FormAlert message={save.error?.message} />
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={save.isPending} className="btn-primary btn-sm sm:w-auto">
          Record certificate
        </BusyButton>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={save.isPending}
          onClick={() => send(null)}
        >
          End exemption
        </button>
      </div>
    </form>
  );
}

/** What is on record, in words: the certificate, that it expired, or that there is none. */
function ExemptionStatus({
  loading,
  failed,
  exemption,
}: {
  loading: boolean;
  failed?: string;
  exemption?: TaxExemptionView | null;
}) {
  if (loading) return <Spinner className="py-2" text="Reading the certificate on record…" />;
  if (failed)
    return <FormAlert message={`The certificate on record could not be read: ${failed}`} />;
  const line = !exemption
    ? 'No exemption certificate on record: tax is charged.'
    : exemption.expired
      ? `Certificate ${exemption.certificateNumber} (${exemption.regions.join(', ')}) expired on ${formatDay(exemption.expiresOn)}: tax is charged.`
      : `Certificate ${exemption.certificateNumber}: exempt in ${exemption.regions.join(', ')} until ${formatDay(exemption.expiresOn)}.`;
  return (
    <p role="status" className={exemption?.expired ? 'alert alert-warning text-sm' : 'text-sm'}>
      {line}
    </p>
  );
}
