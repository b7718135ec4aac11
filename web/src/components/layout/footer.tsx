import { APP_NAME } from '@proper-parts/domain/constants';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Spec §1: every footer link points home until those pages exist. */
const linkGroups = [
  {
    title: 'Customer Service',
    links: ['FAQ', 'Returns', 'Retrieve Quote', 'Coupons', 'Shipping Policy', 'Return Policy'],
  },
  {
    title: 'About Us',
    links: ['Company Info', 'Press Releases', 'Careers', 'Reviews', 'Investor Relations'],
  },
  {
    title: 'Blog',
    links: [
      'In the Garage Home',
      'Auto Repair 101',
      'DIY Guides',
      'OBD-II Trouble Codes',
      'Automotive Features',
    ],
  },
  { title: 'Catalogue', links: ['All Parts', 'All Brands', 'All Categories'] },
] as const;

/** The catalogue links lead to the parts catalog (decisions.md); the spec's others to `/`. */
const catalogueLinks: Record<string, string> = {
  'All Parts': paths.products(),
  'All Brands': paths.brands,
  'All Categories': paths.categories,
};
const footerTarget = (label: string) => catalogueLinks[label] ?? paths.home;

export const CONTACT = {
  street: '1627 4th St',
  city: 'Peru, IL 61354',
  phoneDisplay: '+1 (815) 555-0142',
  phoneHref: 'tel:+18155550142',
} as const;

// The newsletter box is a placeholder in the spec: Subscribe does nothing.
const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

export function Footer() {
  const newsletterId = useId();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-6">
        <div className="col-span-2 space-y-4">
          <div className="flex items-center gap-2">
            <img src="/images/logo.svg" alt="" width={32} height={32} className="size-8" />
            <span className="text-lg font-bold">{APP_NAME}</span>
          </div>
          <p className="max-w-xs text-sm text-neutral-content/80">
            Industrial, machine and car parts and tools for business buyers, shipped from our
            warehouse in Illinois.
          </p>
          <address className="space-y-1 text-sm not-italic text-neutral-content/90">
            <p>{CONTACT.street}</p>
            <p>{CONTACT.city}</p>
            <p>
              <a href={CONTACT.phoneHref} className="link link-hover">
                {CONTACT.phoneDisplay}
              </a>
            </p>
          </address>
        </div>

        {linkGroups.map((group) => (
          <nav key={group.title} aria-label={group.title} className="space-y-3">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-neutral-content/70">
              {group.title}
            </h2>
            <ul className="space-y-2 text-sm">
              {group.links.map((label) => (
                <li key={label}>
                  <Link to={footerTarget(label)} className="link link-hover">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>

      <div className="border-t border-neutral-content/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:items-end md:justify-between">
          <form onSubmit={ignoreSubmit} className="w-full max-w-md space-y-2">
            <label htmlFor={newsletterId} className="block text-sm font-semibold">
              Newsletter: deals and new parts, once a month
            </label>
            <div className="join w-full">
              <input
                id={newsletterId}
                type="email"
                name="email"
                autoComplete="email"
                placeholder="username@site.com"
                className="input join-item w-full text-base-content"
              />
              <button type="submit" className="btn btn-primary join-item">
                Subscribe
              </button>
            </div>
          </form>
          <p className="text-sm text-neutral-content/80">
            © {year} {APP_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
