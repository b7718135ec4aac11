import { vehicleLabel } from '@proper-parts/domain/fitment-rules';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useGarage } from '../use-garage';
import { VehicleSelector } from './vehicle-selector';

/**
 * The home page's "Shop by vehicle" band (issue 20): the four-step selector, which leads to the
 * parts that fit the vehicle once chosen (the catalog with "Fits my vehicle", `?vehicle=`), and a
 * way there for the vehicle already current. Drawn the same on the server and while hydrating
 * (no vehicle); the current vehicle's line takes the hint's place, with the same height.
 */
export function ShopByVehicle() {
  const { current } = useGarage();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="shop-by-vehicle" className="bg-base-200/70">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="shop-by-vehicle" className="text-2xl font-bold tracking-tight">
          Shop by vehicle
        </h2>
        <p className="mt-1 mb-4 min-h-12 text-base-content/75 sm:min-h-6">
          {current ? (
            <>
              Your vehicle: <span className="font-semibold">{vehicleLabel(current)}</span>
            </>
          ) : (
            'Pick the year, make, model and engine: we show only the parts that fit.'
          )}
        </p>
        <VehicleSelector
          legendHidden
          onChosen={(vehicle) => navigate(paths.products({ vehicle: String(vehicle.id) }))}
        />
        <div className="mt-4 flex min-h-10 flex-wrap items-center gap-x-6 gap-y-2">
          {current && (
            <Link
              to={paths.products({ vehicle: String(current.id) })}
              className="btn btn-primary btn-sm sm:btn-md"
            >
              Shop parts that fit
            </Link>
          )}
          <Link to={paths.garage} className="link link-primary">
            My garage
          </Link>
        </div>
      </div>
    </section>
  );
}
