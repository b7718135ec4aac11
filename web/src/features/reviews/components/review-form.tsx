import { zodResolver } from '@hookform/resolvers/zod';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_DESCRIPTION_MAX_LENGTH,
} from '@proper-parts/domain/constants';
import { messages } from '@proper-parts/domain/messages';
import { type CreateReviewRequest, createReviewRequest } from '@proper-parts/domain/reviews';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { useCreateReview } from '../api/create-review';

type ReviewFormInput = z.input<typeof createReviewRequest>;
const stars = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** Give a Review (spec §2, §5): a rating of 1 to 5 stars and a description. */
export function ReviewForm() {
  const create = useCreateReview();
  const ids = { rating: useId(), description: useId(), count: useId() };
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, CreateReviewRequest>({
    resolver: zodResolver(createReviewRequest),
    defaultValues: { description: '' },
  });
  const length = watch('description')?.length ?? 0;
  const rating = watch('rating');

  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(messages.reviewAdded);
      reset({ description: '', rating: undefined });
    } catch {
      // The mutation keeps the error; it shows under the form.
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-5">
      <fieldset className="flex flex-col gap-1.5">
        <legend id={ids.rating} className="mb-1.5 text-sm font-medium">
          Rating
        </legend>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <div className="rating rating-lg" aria-describedby={`${ids.rating}-error`}>
              {stars.map((value) => (
                <input
                  key={value}
                  type="radio"
                  name={field.name}
                  value={value}
                  aria-label={`${value} star${value === 1 ? '' : 's'}`}
                  className="mask mask-star-2 bg-warning"
                  checked={field.value === value}
                  onChange={() => field.onChange(value)}
                  onBlur={field.onBlur}
                />
              ))}
            </div>
          )}
        />
        <p className="text-sm text-base-content/70" aria-live="polite">
          {rating
            ? `${rating} of ${RATING_MAX} stars`
            : `Choose ${RATING_MIN} (poor) to ${RATING_MAX} (excellent) stars`}
        </p>
        {errors.rating && (
          <p id={`${ids.rating}-error`} className="text-sm text-error">
            {errors.rating.message}
          </p>
        )}
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.description} className="text-sm font-medium">
          Description
        </label>
        <textarea
          id={ids.description}
          rows={6}
          maxLength={REVIEW_DESCRIPTION_MAX_LENGTH}
          placeholder="How did our parts and service work for your business?"
          className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${ids.count}${errors.description ? ` ${ids.description}-error` : ''}`}
          {...register('description')}
        />
        <div className="flex justify-between gap-4 text-sm">
          {errors.description ? (
            <p id={`${ids.description}-error`} className="text-error">
              {errors.description.message}
            </p>
          ) : (
            <span />
          )}
          <p id={ids.count} className="shrink-0 text-base-content/60">
            {length.toLocaleString('en-US')} /{' '}
            {REVIEW_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')}
          </p>
        </div>
      </div>

      <p className="text-sm text-base-content/70">
        Your review shows with your name and photo from{' '}
        <Link to={paths.dashboard.profile} className="link">
          your profile
        </Link>
        .
      </p>
      <FormAlert message={create.error?.message} />
      <BusyButton busy={isSubmitting || create.isPending} className="btn-primary sm:w-auto">
        Add Review
      </BusyButton>
    </form>
  );
}
