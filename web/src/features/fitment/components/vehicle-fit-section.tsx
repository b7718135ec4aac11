import type { FitmentApplication } from '@proper-parts/domain/fitment';
import { useInfiniteQuery } from '@tanstack/react-query';
import { vehicleApplicationsQuery } from '../api/product-fitment';
import { groupByModel, positionName, yearsOf } from '../fit-wording';
import { useGarage } from '../use-garage';
import { engineName } from '../vehicle-shape';
import { VEHICLE_FIT_ANCHOR } from './fit-check';
import { VehicleSelector } from './vehicle-selector';

function ApplicationLine({ application }: { application: FitmentApplication }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5">
      <span className="w-24 shrink-0 font-medium tabular-nums">{yearsOf(application)}</span>
      <span>{engineName(application)}</span>
      {application.position && (
        <span className="badge badge-soft badge-sm">{positionName(application.position)}</span>
      )}
      {application.submodel && (
        <span className="text-sm text-base-content/80">{application.submodel} only</span>
      )}
      {application.note && (
        <span className="basis-full text-sm text-base-content/70 sm:basis-auto">
          {application.note}
        </span>
      )}
    </li>
  );
}

/**
 * A product page's vehicle section (issue 20), for a part with fitment data: the selector to
 * check another vehicle, and every vehicle the part fits, grouped by make and model (model
 * years, engine, position, note), with "Show more" over the keyset cursor. Fetched after
 * hydration; nothing of it is in the server's page.
 */
export function VehicleFitSection({ slug }: { slug: string }) {
  const { current } = useGarage();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isError, error } = useInfiniteQuery(
    vehicleApplicationsQuery(slug),
  );
  const first = data?.pages[0];
  if (!data || !first?.hasFitment) return null;
  const groups = groupByModel(data.pages.flatMap((page) => page.applications));
  return (
    <section
      id={VEHICLE_FIT_ANCHOR}
      aria-labelledby="vehicle-fit-title"
      className="mt-10 scroll-mt-20 rounded-box border border-base-300 p-4 sm:p-6"
    >
      <h2 id="vehicle-fit-title" className="mb-4 text-xl font-bold">
        Vehicle fit
      </h2>
      <VehicleSelector legend={current ? 'Check another vehicle' : 'Choose your vehicle'} />
      <h3 className="mt-8 mb-2 text-lg font-semibold">Fits these vehicles</h3>
      <ul className="flex flex-col gap-4" aria-label="Vehicles this part fits">
        {groups.map((group) => (
          <li key={`${group.make}|${group.model}|${group.applications[0]?.yearFrom}`}>
            <h4 className="font-semibold">
              {group.make} {group.model}
            </h4>
            <ul className="divide-y divide-base-200">
              {group.applications.map((application) => (
                <ApplicationLine
                  key={`${application.engine}|${application.engineCode}|${application.yearFrom}|${application.position}|${application.submodel}`}
                  application={application}
                />
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {isError && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error.message}
        </p>
      )}
      {hasNextPage && (
        <button
          type="button"
          className="btn btn-outline btn-sm mt-4"
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage || undefined}
          onClick={() => fetchNextPage()}
        >
          {isFetchingNextPage && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Show more
        </button>
      )}
    </section>
  );
}
