import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { fitCheckQuery, vehicleApplicationsQuery } from '../api/product-fitment';
import { fitMessage } from '../fit-wording';
import { useGarage } from '../use-garage';

/** Where the product page's vehicle section is (its selector and the vehicles the part fits). */
export const VEHICLE_FIT_ANCHOR = 'vehicle-fit';

const tick = 'M5 13l4 4L19 7';
const cross = 'M6 6l12 12M6 18L18 6';

function Mark({ path }: { path: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className="size-5 shrink-0"
      fill="none"
      viewBox="0 0 24 24"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden="true"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d={path} />
    </svg>
  );
}

/**
 * A product page's fit check for my current vehicle (issue 20): green "Fits your …" with where it
 * goes, or red "Does not fit your …" with a way to the parts that do; without a current vehicle,
 * a way to choose one. Only for a product with fitment data. Asked for in the browser after
 * hydration (the current vehicle is this browser's), so the server's page has none of it.
 */
export function FitCheck({ slug, categorySlug }: { slug: string; categorySlug?: string }) {
  const { current, mode } = useGarage();
  const applications = useInfiniteQuery({
    ...vehicleApplicationsQuery(slug),
    enabled: mode !== 'pending' && !current,
  });
  const check = useQuery({ ...fitCheckQuery(slug, current?.id ?? 0), enabled: current !== null });

  if (current) {
    const answer = check.data;
    if (!answer) return null;
    const notes = [...new Set(answer.positions.map((p) => p.note).filter(Boolean))];
    return (
      <div
        role="status"
        data-testid="fit-check"
        className={`alert alert-soft items-start ${answer.fits ? 'alert-success' : 'alert-error'}`}
      >
        <Mark path={answer.fits ? tick : cross} />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{fitMessage(answer)}</p>
          {notes.map((note) => (
            <p key={note} className="text-sm">
              {note}
            </p>
          ))}
          <p className="flex flex-wrap gap-x-4 text-sm">
            {!answer.fits && (
              <Link
                to={paths.products({
                  vehicle: String(answer.vehicle.id),
                  ...(categorySlug ? { category: categorySlug } : {}),
                })}
                className="link"
              >
                Parts like this that fit it
              </Link>
            )}
            <a href={`#${VEHICLE_FIT_ANCHOR}`} className="link">
              Check another vehicle
            </a>
          </p>
        </div>
      </div>
    );
  }
  if (!applications.data?.pages[0]?.hasFitment) return null;
  return (
    <div role="status" data-testid="fit-check" className="alert alert-info alert-soft">
      <p>
        Does it fit your vehicle?{' '}
        <a href={`#${VEHICLE_FIT_ANCHOR}`} className="link font-semibold">
          Choose your vehicle
        </a>
      </p>
    </div>
  );
}
