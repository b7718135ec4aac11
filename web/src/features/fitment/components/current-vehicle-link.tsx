import { vehicleLabel, vehicleShortLabel } from '@proper-parts/domain/fitment-rules';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../auth/use-current-user';
import { useMergeVisitorGarage } from '../merge-visitor-garage';
import { useGarage } from '../use-garage';

/**
 * The navbar's current vehicle: a link to My garage (switch or remove it there), named for the
 * whole vehicle; the short label shows from tablet width, a car alone below. Nothing while no
 * vehicle is current (and on the server's page: the garage is the browser's).
 *
 * A phone's navbar has no room for it beside a signed-in user's dashboard menu and SignOut
 * (measured: it covered the shop's name up to 414 px), nor below 360 px: there the small-screen
 * menu names the vehicle instead (GarageMenuItem).
 */
export function CurrentVehicleLink() {
  const { current } = useGarage();
  const signedIn = useCurrentUser().user !== null;
  useMergeVisitorGarage();
  if (!current) return null;
  return (
    <Link
      to={paths.garage}
      className={`btn btn-ghost gap-1.5 px-2 max-md:btn-square ${signedIn ? 'max-sm:hidden' : 'max-[359px]:hidden'}`}
      aria-label={`My garage: ${vehicleLabel(current)}`}
      title={vehicleLabel(current)}
      data-testid="current-vehicle"
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        className="size-6 shrink-0"
        fill="none"
        viewBox="0 0 24 24"
        stroke="currentColor"
        strokeWidth={1.8}
        aria-hidden="true"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M5 16H3.5a.5.5 0 0 1-.5-.5V13a2 2 0 0 1 1.2-1.8L6 10.5 7.7 7A2 2 0 0 1 9.5 6h5a2 2 0 0 1 1.8 1l1.7 3.5 1.8.7A2 2 0 0 1 21 13v2.5a.5.5 0 0 1-.5.5H19M9 16h6M6 10.5h12"
        />
        <circle cx="7" cy="16.5" r="2" />
        <circle cx="17" cy="16.5" r="2" />
      </svg>
      <span className="hidden max-w-44 truncate font-medium md:inline">
        {vehicleShortLabel(current)}
      </span>
    </Link>
  );
}

/** The small-screen menu's My garage, with the current vehicle's name when there is one. */
export function GarageMenuItem({ onNavigate }: { onNavigate?: () => void }) {
  const { current } = useGarage();
  return (
    <li>
      <NavLink
        to={paths.garage}
        end
        onClick={onNavigate}
        className={({ isActive }) =>
          isActive ? 'font-semibold' : 'text-base-content/80 hover:text-base-content'
        }
      >
        <span>
          My garage{' '}
          {current && (
            <span className="block text-sm text-base-content/70">{vehicleShortLabel(current)}</span>
          )}
        </span>
      </NavLink>
    </li>
  );
}
