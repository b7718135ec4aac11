import { vehicleLabel } from '@proper-parts/domain/fitment-rules';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { VehicleSelector } from '../features/fitment/components/vehicle-selector';
import { useChangeGarage } from '../features/fitment/use-change-garage';
import { useGarage } from '../features/fitment/use-garage';
import type { SavedVehicle } from '../features/fitment/vehicle-shape';
import { usePageTitle } from '../lib/use-page-title';

function GarageVehicle({ vehicle, current }: { vehicle: SavedVehicle; current: boolean }) {
  const change = useChangeGarage();
  const label = vehicleLabel(vehicle);
  return (
    <li
      className={`flex flex-col gap-3 rounded-box border p-4 sm:flex-row sm:items-center ${current ? 'border-primary bg-primary/5' : 'border-base-300'}`}
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <span className="font-semibold">{label}</span>
        {vehicle.engineCode && (
          <span className="font-mono text-sm text-base-content/70">{vehicle.engineCode}</span>
        )}
        {current && <span className="badge badge-primary badge-sm">Current vehicle</span>}
      </div>
      <div className="flex flex-wrap gap-2">
        {current ? (
          <Link
            to={paths.products({ vehicle: String(vehicle.id) })}
            className="btn btn-primary btn-sm"
          >
            Shop parts that fit
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-primary btn-sm"
            aria-label={`Use this one: ${label}`}
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'use', vehicleId: vehicle.id })}
          >
            Use this one
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          aria-label={`Remove ${label}`}
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'remove', vehicleId: vehicle.id })}
        >
          Remove
        </button>
      </div>
      {change.error && (
        <p role="alert" className="text-sm text-error sm:basis-full">
          {change.error.message}
        </p>
      )}
    </li>
  );
}

/**
 * My garage (issue 20): my vehicles, which one is current, and the selector to add one. A
 * visitor's are kept in this browser and join the account's on sign-in.
 */
export function GaragePage() {
  usePageTitle('My garage');
  const { vehicles, current, mode, isPending } = useGarage();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageHeader
        title="My garage"
        description="The vehicles you shop for. The current one is in the navbar, and the shop checks every part against it."
      />
      {mode === 'visitor' && (
        <p className="alert alert-info alert-soft mb-6 text-sm">
          <span>
            Kept in this browser.{' '}
            <Link to={paths.signIn} className="link font-semibold">
              Sign in
            </Link>{' '}
            to keep them in your account.
          </span>
        </p>
      )}
      <section aria-labelledby="my-vehicles" className="mb-10">
        <h2 id="my-vehicles" className="mb-3 text-xl font-semibold">
          My vehicles
        </h2>
        {isPending ? (
          <Spinner text="Loading your garage…" />
        ) : vehicles.length === 0 ? (
          <EmptyState title="Your garage is empty">Add your vehicle below.</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="My vehicles">
            {vehicles.map((vehicle) => (
              <GarageVehicle
                key={vehicle.id}
                vehicle={vehicle}
                current={vehicle.id === current?.id}
              />
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="add-vehicle"
        className="rounded-box border border-base-300 p-4 sm:p-6"
      >
        <h2 id="add-vehicle" className="mb-3 text-xl font-semibold">
          Add a vehicle
        </h2>
        <VehicleSelector legend="Add a vehicle" legendHidden />
      </section>
    </div>
  );
}
