import type { FitCheck, FitmentApplication } from '@proper-parts/domain/fitment';
import { vehicleLabel } from '@proper-parts/domain/fitment-rules';

/** "front", "front (LE only)", "LE only": where and on which submodel a part goes. */
const place = ({ position, submodel }: { position: string; submodel: string }) =>
  submodel ? (position ? `${position} (${submodel} only)` : `${submodel} only`) : position;

/** "Fits your 2015 Toyota Corolla 1.8L L4, front" or "Does not fit your 2015 Toyota Corolla 1.8L L4". */
export function fitMessage(check: FitCheck): string {
  const label = vehicleLabel(check.vehicle);
  if (!check.fits) return `Does not fit your ${label}`;
  const places = [...new Set(check.positions.map(place).filter(Boolean))];
  return places.length > 0 ? `Fits your ${label}, ${places.join(' and ')}` : `Fits your ${label}`;
}

/** "2014–2019", or "2015" for one model year. */
export const yearsOf = (a: Pick<FitmentApplication, 'yearFrom' | 'yearTo'>) =>
  a.yearFrom === a.yearTo ? String(a.yearFrom) : `${a.yearFrom}–${a.yearTo}`;

/** "Front left": a position as a list shows it. */
export const positionName = (position: string) =>
  position.charAt(0).toUpperCase() + position.slice(1);

export interface ApplicationGroup {
  make: string;
  model: string;
  applications: FitmentApplication[];
}

/** The applications (in make, model, engine, year order) grouped by make and model. */
export function groupByModel(applications: FitmentApplication[]): ApplicationGroup[] {
  const groups: ApplicationGroup[] = [];
  for (const application of applications) {
    const last = groups.at(-1);
    if (last && last.make === application.make && last.model === application.model)
      last.applications.push(application);
    else
      groups.push({
        make: application.make,
        model: application.model,
        applications: [application],
      });
  }
  return groups;
}
