import { RATING_MAX } from '@proper-parts/domain/constants';
import { isPhotoUrl } from '@proper-parts/domain/photo-url';
import type { Review } from '@proper-parts/domain/reviews';

const PLACEHOLDER_AVATAR = '/images/avatars/placeholder.svg';

/** The like counts on a card are fixed decoration, not data (spec §2). */
const FIXED_LIKES = { up: 24, heart: 12 };

/** One review: avatar (or a placeholder), name, rating out of 5 and the text (spec §2). */
export function ReviewCard({ review }: { review: Review }) {
  // A photo stored before the server checked it (`javascript:`, `http:`) is not loaded.
  const photo = review.photoUrl && isPhotoUrl(review.photoUrl) ? review.photoUrl : null;
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex items-center gap-3">
          <img
            src={photo ?? PLACEHOLDER_AVATAR}
            alt={photo ? `Photo of ${review.userName}` : 'Placeholder avatar'}
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            className="size-12 shrink-0 rounded-full bg-base-200 object-cover"
          />
          <div className="min-w-0">
            <h3 className="truncate font-semibold">{review.userName}</h3>
            <p className="text-sm text-base-content/70">
              <span aria-hidden="true" className="tracking-wider text-warning">
                {'★'.repeat(review.rating)}
                <span className="text-base-content/25">
                  {'★'.repeat(Math.max(0, RATING_MAX - review.rating))}
                </span>
              </span>{' '}
              <span>
                {review.rating}/{RATING_MAX}
              </span>
            </p>
          </div>
        </div>
        <p className="whitespace-pre-line break-words text-sm leading-relaxed text-base-content/80">
          {review.description}
        </p>
        <p className="mt-auto flex gap-4 text-sm text-base-content/75" aria-hidden="true">
          <span className="inline-flex items-center gap-1">
            <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true">
              <path d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.5-1L13.1 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z" />
            </svg>
            {FIXED_LIKES.up}
          </span>
          <span className="inline-flex items-center gap-1">
            <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true">
              <path d="m12 21.4-1.5-1.3C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.5 11.6L12 21.4Z" />
            </svg>
            {FIXED_LIKES.heart}
          </span>
        </p>
      </div>
    </article>
  );
}
