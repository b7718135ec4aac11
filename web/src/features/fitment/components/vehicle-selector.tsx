import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useCurrentUser } from '../../auth/use-current-user';
import {
  vehicleEnginesQuery,
  vehicleMakesQuery,
  vehicleModelsQuery,
  vehicleYearsQuery,
} from '../api/vehicle-steps';
import { changeGarage } from '../change-garage';
import { engineName, type SavedVehicle } from '../vehicle-shape';

interface StepProps {
  label: string;
  /** The first option's words while nothing is chosen (short: a phone's select is 150 px wide). */
  prompt: string;
  value: string;
  options: { value: string; label: string }[] | undefined;
  /** The previous step is not chosen yet. */
  waiting: boolean;
  loading: boolean;
  onChange: (value: string) => void;
  /** Given to the first step, so a page's "Choose your vehicle" can move focus to it. */
  id?: string;
}

/** One step: a labelled `<select>`, disabled until the step before it is chosen and its list is here. */
function Step({ label, prompt, value, options, waiting, loading, onChange, id }: StepProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={selectId}
        className="select w-full"
        value={value}
        disabled={waiting || !options}
        aria-busy={loading || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled>
          {loading ? 'Loading…' : prompt}
        </option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface VehicleSelectorProps {
  /** The fieldset's legend: its accessible name, shown unless `legendHidden`. */
  legend?: string;
  legendHidden?: boolean;
  /** Four in a row on wide screens (two by two on phones), or stacked (a sidebar). */
  layout?: 'row' | 'stack';
  /** The year step's id (a page's "Choose your vehicle" button focuses it). */
  firstStepId?: string;
  /** Called once the chosen vehicle is in the garage and current. */
  onChosen?: (vehicle: SavedVehicle) => void;
}

const toOptions = (values: (string | number)[] | undefined) =>
  values?.map((value) => ({ value: String(value), label: String(value) }));

/**
 * The cascading vehicle selector (issue 20): year → make → model → engine, each step listing only
 * what exists, loaded once the step before is chosen. The engine step lists vehicles, so choosing
 * an engine chooses the vehicle: it goes into my garage as the current one. Four choices.
 *
 * Nothing is chosen on the server's page and while hydrating: the steps' lists are asked for in
 * the browser (the first one at once; each is kept for the visit).
 */
export function VehicleSelector({
  legend = 'Choose your vehicle',
  legendHidden = false,
  layout = 'row',
  firstStepId,
  onChosen,
}: VehicleSelectorProps) {
  const [year, setYear] = useState<number | null>(null);
  const [make, setMake] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [vehicleId, setVehicleId] = useState('');
  const [chooseError, setChooseError] = useState<string | null>(null);
  const signedIn = useCurrentUser().user !== null;
  const queryClient = useQueryClient();

  const years = useQuery(vehicleYearsQuery);
  const makes = useQuery({ ...vehicleMakesQuery(year ?? 0), enabled: year !== null });
  const models = useQuery({
    ...vehicleModelsQuery(year ?? 0, make ?? ''),
    enabled: year !== null && make !== null,
  });
  const engines = useQuery({
    ...vehicleEnginesQuery(year ?? 0, make ?? '', model ?? ''),
    enabled: year !== null && make !== null && model !== null,
  });
  const failed = [years, makes, models, engines].find((step) => step.isError)?.error;

  const choose = (id: string) => {
    const vehicle = engines.data?.find((v) => String(v.id) === id);
    if (!vehicle) return;
    setVehicleId(id);
    setChooseError(null);
    changeGarage(queryClient, signedIn, { kind: 'choose', vehicle }).then(
      () => onChosen?.(vehicle),
      (error: Error) => setChooseError(error.message),
    );
  };

  return (
    <fieldset className="min-w-0">
      <legend className={legendHidden ? 'sr-only' : 'mb-2 font-semibold'}>{legend}</legend>
      <div
        className={
          layout === 'row' ? 'grid grid-cols-2 gap-3 md:grid-cols-4' : 'grid grid-cols-1 gap-3'
        }
      >
        <Step
          id={firstStepId}
          label="Year"
          prompt="Choose…"
          value={year === null ? '' : String(year)}
          options={toOptions(years.data)}
          waiting={false}
          // Not "Loading…": the server's page and hydration would not agree on it.
          loading={false}
          onChange={(value) => {
            setYear(Number(value));
            setMake(null);
            setModel(null);
            setVehicleId('');
          }}
        />
        <Step
          label="Make"
          prompt="Choose…"
          value={make ?? ''}
          options={year === null ? undefined : toOptions(makes.data)}
          waiting={year === null}
          loading={makes.isFetching && !makes.data}
          onChange={(value) => {
            setMake(value);
            setModel(null);
            setVehicleId('');
          }}
        />
        <Step
          label="Model"
          prompt="Choose…"
          value={model ?? ''}
          options={make === null ? undefined : toOptions(models.data)}
          waiting={make === null}
          loading={models.isFetching && !models.data}
          onChange={(value) => {
            setModel(value);
            setVehicleId('');
          }}
        />
        <Step
          label="Engine"
          prompt="Choose…"
          value={vehicleId}
          options={
            model === null
              ? undefined
              : engines.data?.map((v) => ({ value: String(v.id), label: engineName(v) }))
          }
          waiting={model === null}
          loading={engines.isFetching && !engines.data}
          onChange={choose}
        />
      </div>
      {failed && <p className="mt-2 text-sm text-error">{failed.message}</p>}
      {chooseError && (
        <p role="alert" className="mt-2 text-sm text-error">
          {chooseError}
        </p>
      )}
    </fieldset>
  );
}
