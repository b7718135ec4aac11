import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_SCOPES,
  apiScopeLabels,
  type CreateApiKeyRequest,
  createApiKeyRequest,
} from '@proper-parts/domain/api-keys';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { useCreateApiKey } from '../api/create-api-key';
import { NewKey } from './new-key';

/** Shop admin: name a key and choose what it reaches; the key is shown once, below. */
export function CreateApiKeyForm() {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateApiKeyRequest>({
    resolver: zodResolver(createApiKeyRequest),
    defaultValues: { name: '', scopes: [] },
  });

  const submit = handleSubmit(async (request) => {
    try {
      const { data } = await create.mutateAsync(request);
      setCreated({ name: request.name, key: data.key });
      reset();
    } catch {
      // create.error shows under the form.
    }
  });
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  return (
    <div className="mb-6 flex flex-col gap-4">
      {created && (
        <NewKey name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-label="New API key"
        className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
      >
        <h3 className="font-semibold">New API key</h3>
        <FormField
          label="Name"
          placeholder="ERP stock sync"
          hint="Who uses it, so that you know which to revoke"
          error={errors.name?.message}
          {...register('name')}
        />
        <fieldset aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium">What it may do</legend>
          <div
            className={`grid gap-2 rounded-box p-2 sm:grid-cols-2 ${scopesError ? 'border border-error' : ''}`}
          >
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex cursor-pointer items-start gap-2">
                <input
                  type="checkbox"
                  value={scope}
                  className="checkbox checkbox-sm mt-0.5"
                  aria-invalid={scopesError ? true : undefined}
                  {...register('scopes')}
                />
                <span className="text-sm">
                  {apiScopeLabels[scope]}{' '}
                  <code className="text-xs text-base-content/60">{scope}</code>
                </span>
              </label>
            ))}
          </div>
          {scopesError && (
            <p id="api-key-scopes-error" className="mt-1.5 text-sm text-error">
              {scopesError}
            </p>
          )}
        </fieldset>
        <FormAlert message={create.error?.message} />
        <BusyButton busy={create.isPending} className="btn-primary sm:w-auto sm:self-start">
          Create key
        </BusyButton>
      </form>
    </div>
  );
}
