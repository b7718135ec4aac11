import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@proper-parts/domain/messages';
import type { Profile } from '@proper-parts/domain/profile';
import { useId, useRef } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  type UpdateProfileFormInput,
  type UpdateProfileFormValues,
  updateProfileForm,
  useUpdateProfile,
} from '../api/update-profile';

const formValuesOf = (profile: Profile): UpdateProfileFormInput => ({
  name: profile.name,
  photoURL: profile.photoURL ?? '',
  city: profile.city,
  education: profile.education,
  phone: profile.phone,
  link: profile.link,
});

type FieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  type?: 'text' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
};

function Field({
  label,
  registration,
  error,
  type = 'text',
  autoComplete,
  placeholder,
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      {error?.message && (
        <p id={errorId} className="text-sm text-error">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The Update Profile button and its modal (spec §2 modals, §5: every field optional). */
export function UpdateProfileModal({ profile }: { profile: Profile }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileFormInput, unknown, UpdateProfileFormValues>({
    resolver: zodResolver(updateProfileForm),
    defaultValues: formValuesOf(profile),
  });

  const open = () => {
    reset(formValuesOf(profile));
    update.reset();
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();

  const save = handleSubmit(async (values) => {
    try {
      const { modifiedCount } = await update.mutateAsync({ current: profile, values });
      if (modifiedCount > 0) {
        toast.success(messages.profileUpdated);
        close();
      }
    } catch {
      // The mutation keeps the error; it shows in the modal.
    }
  });

  const busy = isSubmitting || update.isPending;

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={open}>
        Update Profile
      </button>
      <dialog
        ref={dialogRef}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={titleId}
      >
        <div className="modal-box">
          <h3 id={titleId} className="text-xl font-bold">
            Update Profile
          </h3>
          <p className="mt-1 text-sm text-base-content/70">Every field is optional.</p>
          <form noValidate onSubmit={save} className="mt-4">
            <Field
              label="Name"
              registration={register('name')}
              error={errors.name}
              autoComplete="name"
            />
            <Field
              label="Photo URL"
              type="url"
              registration={register('photoURL')}
              error={errors.photoURL}
              autoComplete="photo"
              placeholder="https://"
            />
            <Field
              label="City"
              registration={register('city')}
              error={errors.city}
              autoComplete="address-level2"
            />
            <Field
              label="Education"
              registration={register('education')}
              error={errors.education}
            />
            <Field
              label="Phone"
              type="tel"
              registration={register('phone')}
              error={errors.phone}
              autoComplete="tel"
            />
            <Field
              label="Link"
              type="url"
              registration={register('link')}
              error={errors.link}
              autoComplete="url"
              placeholder="https://"
            />
            {update.error && (
              <p role="alert" className="mt-3 text-sm font-medium text-error">
                {update.error.message}
              </p>
            )}
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Save
              </button>
            </div>
          </form>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
