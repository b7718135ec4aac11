import { APP_NAME } from '@proper-parts/domain/constants';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * Spec §1 pointed every footer link at `/`. Each now leads to a page: the catalogue ones to the
 * catalog, the rest to a short page of its own (`/info/{slug}`, features/content/info-pages.ts)
 * or to the page that already does the job; the spec's links with nothing true to say (press
 * releases, investors, blog topics with no articles) are gone (docs/decisions/030).
 */
const linkGroups = [
  {
    title: 'Customer Service',
    links: [
      ['FAQ', paths.info('faq')],
      ['Returns', paths.info('returns')],
      ['Retrieve Quote', paths.dashboard.quotes],
      ['Coupons', paths.info('coupons')],
      ['Shipping Policy', paths.info('shipping')],
    ],
  },
  {
    title: 'About Us',
    links: [
      ['Company Info', paths.info('about')],
      ['Careers', paths.info('careers')],
      ['Reviews', `${paths.home}#reviews-title`],
    ],
  },
  { title: 'Blog', links: [['In the Garage Home', paths.blogs]] },
  {
    title: 'Catalogue',
    links: [
      ['All Parts', paths.products()],
      ['All Brands', paths.brands],
      ['All Categories', paths.categories],
    ],
  },
] as const;

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
              {group.links.map(([label, to]) => (
                <li key={label}>
                  <Link to={to} className="link link-hover">
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
