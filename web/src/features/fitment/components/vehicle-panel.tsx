import { vehicleLabel } from '@proper-parts/domain/fitment-rules';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useGarage } from '../use-garage';
import type { SavedVehicle } from '../vehicle-shape';
import { VehicleSelector } from './vehicle-selector';

/**
 * `/products`' vehicle box, atop the filters (issue 20): the current vehicle, the selector
 * stacked to fit the sidebar, and My garage. `onChosen`: the page filters by the vehicle chosen.
 */
export function VehiclePanel({
  firstStepId,
  onChosen,
}: {
  firstStepId?: string;
  onChosen: (vehicle: SavedVehicle) => void;
}) {
  const { current } = useGarage();
  return (
    <section
      aria-labelledby="vehicle-panel"
      className="rounded-box border border-base-300 bg-base-200/50 p-4"
    >
      <h2 id="vehicle-panel" className="font-semibold">
        Your vehicle
      </h2>
      <p className="mt-1 mb-3 min-h-10 text-sm text-base-content/75">
        {current ? (
          <span className="font-medium text-base-content">{vehicleLabel(current)}</span>
        ) : (
          'Choose it to see only the parts that fit.'
        )}
      </p>
      <VehicleSelector
        legend={current ? 'Choose another vehicle' : 'Choose your vehicle'}
        legendHidden
        layout="stack"
        firstStepId={firstStepId}
        onChosen={onChosen}
      />
      <Link to={paths.garage} className="link link-primary mt-3 inline-block text-sm">
        My garage
      </Link>
    </section>
  );
}
