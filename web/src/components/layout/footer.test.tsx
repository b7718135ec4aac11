import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/test-utils';
import { infoPageOf } from '../../features/content/info-pages';
import { Footer } from './footer';

/** Each footer link and where it leads (issue 31: the spec's pointed at `/`). */
const footerLinks: [label: string, href: string][] = [
  ['FAQ', '/info/faq'],
  ['Returns', '/info/returns'],
  ['Retrieve Quote', '/dashboard/quotes'],
  ['Coupons', '/info/coupons'],
  ['Shipping Policy', '/info/shipping'],
  ['Company Info', '/info/about'],
  ['Careers', '/info/careers'],
  ['Reviews', '/#reviews-title'],
  ['In the Garage Home', '/blogs'],
  ['All Parts', '/products'],
  ['All Brands', '/brands'],
  ['All Categories', '/categories'],
];

describe('Footer', () => {
  it('leads each link to a page of its own, none home', () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .filter((link) => !link.getAttribute('href')?.startsWith('tel:'));

    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(footerLinks);
    // Every /info/ link has its page, titled as the link reads.
    for (const [label, href] of footerLinks.filter(([, to]) => to.startsWith('/info/')))
      expect(infoPageOf(href.slice('/info/'.length))?.title).toBe(label);
  });

  it('groups the links under customer service, about us, blog and catalogue', () => {
    renderWithProviders(<Footer />);
    for (const group of ['Customer Service', 'About Us', 'Blog', 'Catalogue']) {
      expect(screen.getByRole('navigation', { name: group })).toBeInTheDocument();
    }
  });

  it('shows the Peru, IL address, a phone number and the current year', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText(/Peru, IL/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /\(815\)/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+1/),
    );
    expect(
      screen.getByText(new RegExp(`© ${new Date().getFullYear()} Proper Parts`)),
    ).toBeInTheDocument();
  });

  it('has a newsletter box with an email placeholder and a Subscribe button', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('textbox', { name: /newsletter/i })).toHaveAttribute(
      'placeholder',
      'username@site.com',
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
