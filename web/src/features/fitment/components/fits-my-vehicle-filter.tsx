import { vehicleLabel } from '@proper-parts/domain/fitment-rules';
import { useQuery } from '@tanstack/react-query';
import { vehicleQuery } from '../api/vehicle-steps';
import { useGarage } from '../use-garage';

export interface FitsMyVehicleFilterProps {
  /** The search's `vehicle` (from the URL); null when the filter is off. */
  vehicleId: number | null;
  /** On: filter by this vehicle; null: off. */
  onChange: (vehicleId: number | null) => void;
  /** No vehicle is current: the page's way to its selector. */
  onChooseVehicle: () => void;
}

/**
 * `/products`' "Fits my vehicle" (issue 20): a checkbox that puts `vehicle=<id>` in the URL (so a
 * link shares it), shown when a vehicle is current or the URL names one. The URL's vehicle is
 * named from `GET /vehicles/{id}` (the server's page has it), so a shared link reads right.
 */
export function FitsMyVehicleFilter({
  vehicleId,
  onChange,
  onChooseVehicle,
}: FitsMyVehicleFilterProps) {
  const { current } = useGarage();
  const named = useQuery({ ...vehicleQuery(vehicleId ?? 0), enabled: vehicleId !== null });
  const vehicle = vehicleId === null ? current : (named.data ?? null);
  if (vehicleId === null && !current)
    return (
      <button type="button" className="btn btn-ghost btn-sm text-primary" onClick={onChooseVehicle}>
        Choose your vehicle
      </button>
    );
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        className="checkbox checkbox-primary checkbox-sm"
        checked={vehicleId !== null}
        onChange={(event) => onChange(event.target.checked ? (current?.id ?? null) : null)}
      />
      Fits my vehicle{' '}
      {vehicle && (
        <span className="font-normal text-base-content/70">({vehicleLabel(vehicle)})</span>
      )}
    </label>
  );
}
