import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@proper-parts/domain/messages';
import type { Profile } from '@proper-parts/domain/profile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { Modal, ModalActions } from '../../../components/modal';
import { toast } from '../../../lib/toast';
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

/** The Update Profile button and its modal (spec §2 modals, §5: every field optional). */
export function UpdateProfileModal({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Update Profile
      </button>
      {open && (
        <Modal
          title="Update Profile"
          description="Every field is optional."
          onClose={() => setOpen(false)}
        >
          {({ close }) => <UpdateProfileForm profile={profile} close={close} />}
        </Modal>
      )}
    </>
  );
}

/** Mounted afresh on each opening, so it starts from the current profile with no old error. */
function UpdateProfileForm({ profile, close }: { profile: Profile; close: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileFormInput, unknown, UpdateProfileFormValues>({
    resolver: zodResolver(updateProfileForm),
    defaultValues: formValuesOf(profile),
  });

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
    <form noValidate onSubmit={save} className="mt-4 flex flex-col gap-3">
      <FormField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label="Photo URL"
        type="url"
        autoComplete="photo"
        placeholder="https://"
        error={errors.photoURL?.message}
        {...register('photoURL')}
      />
      <FormField
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register('city')}
      />
      <FormField label="Education" error={errors.education?.message} {...register('education')} />
      <FormField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormField
        label="Link"
        type="url"
        autoComplete="url"
        placeholder="https://"
        error={errors.link?.message}
        {...register('link')}
      />
      <FormAlert message={update.error?.message} />
      <ModalActions onCancel={close} cancelDisabled={busy}>
        <BusyButton busy={busy} className="btn-primary sm:w-auto">
          Save
        </BusyButton>
      </ModalActions>
    </form>
  );
}
