import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateWebhookRequest,
  createWebhookRequest,
  WEBHOOK_EVENTS,
  webhookEventLabels,
} from '@proper-parts/domain/webhooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { useCreateWebhook } from '../api/create-webhook';
import { NewSecret } from './new-secret';

/** Shop admin: an endpoint's URL and the events it wants; its secret is shown once, below. */
export function CreateWebhookForm() {
  const create = useCreateWebhook();
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateWebhookRequest>({
    resolver: zodResolver(createWebhookRequest),
    defaultValues: { url: '', events: [] },
  });

  const submit = handleSubmit(async (request) => {
    try {
      const { data } = await create.mutateAsync(request);
      setCreated({ url: request.url, secret: data.secret });
      reset();
    } catch (error) {
      // The server's word on the URL (not https, a private address) goes under the field.
      const message = error instanceof Error ? error.message : '';
      if (message.startsWith('url: ')) setError('url', { message: message.slice(5) });
    }
  });
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  const serverError = create.error?.message.startsWith('url: ') ? undefined : create.error?.message;

  return (
    <div className="mb-6 flex flex-col gap-4">
      {created && (
        <NewSecret url={created.url} secret={created.secret} onDone={() => setCreated(null)} />
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-label="New webhook endpoint"
        className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <h3 className="font-semibold">New endpoint</h3>
        <FormField
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://erp.example.com/hooks/proper-parts"
          hint="Where the shop posts each event (https)"
          error={errors.url?.message}
          {...register('url')}
        />
        <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium">Events it receives</legend>
          <div
            className={`grid gap-2 rounded-box p-2 sm:grid-cols-2 lg:grid-cols-3 ${eventsError ? 'border border-error' : ''}`}
          >
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex cursor-pointer items-start gap-2">
                <input
                  type="checkbox"
                  value={event}
                  className="checkbox checkbox-sm mt-0.5"
                  aria-invalid={eventsError ? true : undefined}
                  {...register('events')}
                />
                <span className="text-sm">
                  {webhookEventLabels[event]}{' '}
                  <code className="text-xs text-base-content/60">{event}</code>
                </span>
              </label>
            ))}
          </div>
          {eventsError && (
            <p id="webhook-events-error" className="mt-1.5 text-sm text-error">
              {eventsError}
            </p>
          )}
        </fieldset>
        <FormAlert message={serverError} />
        <BusyButton busy={create.isPending} className="btn-primary sm:w-auto sm:self-start">
          Register endpoint
        </BusyButton>
      </form>
    </div>
  );
}
