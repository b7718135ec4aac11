import { APP_NAME } from '@proper-parts/domain/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { NavAuthEntry } from '../../features/auth/components/nav-auth-entry';
import { CartBadge } from '../../features/cart/components/cart-badge';
import {
  CurrentVehicleLink,
  GarageMenuItem,
} from '../../features/fitment/components/current-vehicle-link';
import { AfterHydration } from '../after-hydration';
import { DashboardMenuToggle } from './dashboard-menu-toggle';

const links = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.products(), label: 'Products', end: true },
  { to: paths.quickOrder, label: 'Quick order', end: true },
  { to: paths.dashboard.root, label: 'Dashboard', end: false },
  { to: paths.blogs, label: 'Blogs', end: true },
  { to: paths.portfolio, label: 'Portfolio', end: true },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-semibold' : 'text-base-content/80 hover:text-base-content';

// daisyUI paints the aria-current link with these; a light primary tint suits a top bar.
const activeTint =
  '[--menu-active-bg:color-mix(in_oklab,var(--color-primary)_12%,transparent)] [--menu-active-fg:var(--color-primary)]';

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.end} className={linkClass} onClick={onNavigate}>
        {link.label}
      </NavLink>
    </li>
  ));
}

/** Small screens: the links in a disclosure dropdown that closes on pick, Escape or outside click. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) {
        setOpen(false);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative lg:hidden">
      <button
        type="button"
        className="btn btn-ghost btn-square"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg
          xmlns="http://www.w3.org/2000/svg"
          className="size-6"
          fill="none"
          viewBox="0 0 24 24"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d={open ? 'M6 6l12 12M6 18L18 6' : 'M4 6h16M4 12h16M4 18h16'}
          />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          className={`menu ${activeTint} absolute top-full left-0 z-50 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 text-base shadow-lg`}
        >
          <NavItems onNavigate={() => setOpen(false)} />
          <GarageMenuItem onNavigate={() => setOpen(false)} />
        </ul>
      )}
    </div>
  );
}

export function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl px-2 sm:px-4">
        <div className="navbar-start gap-1">
          <MobileMenu />
          <Link to={paths.home} className="flex items-center gap-2 rounded-field px-1">
            <img src="/images/logo.svg" alt="" width={36} height={36} className="size-9" />
            <span className="whitespace-nowrap text-lg font-bold tracking-tight sm:text-xl">
              {APP_NAME}
            </span>
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className={`menu menu-horizontal ${activeTint} gap-1 px-1 text-base`}>
            <NavItems />
          </ul>
        </div>
        <div className="navbar-end gap-1">
          <DashboardMenuToggle />
          <AfterHydration>
            <CurrentVehicleLink />
          </AfterHydration>
          <CartBadge />
          <NavAuthEntry />
        </div>
      </nav>
    </header>
  );
}
