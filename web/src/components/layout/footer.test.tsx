import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/test-utils';
import { Footer } from './footer';

const footerLinks = [
  'FAQ',
  'Returns',
  'Retrieve Quote',
  'Coupons',
  'Shipping Policy',
  'Return Policy',
  'Company Info',
  'Press Releases',
  'Careers',
  'Reviews',
  'Investor Relations',
  'In the Garage Home',
  'Auto Repair 101',
  'DIY Guides',
  'OBD-II Trouble Codes',
  'Automotive Features',
  'All Parts',
  'All Brands',
  'All Categories',
];

describe('Footer', () => {
  it('has all 19 links: the catalogue ones lead to the parts catalog, the others home', () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const links = within(footer)
      .getAllByRole('link')
      .filter((link) => !link.getAttribute('href')?.startsWith('tel:'));

    expect(links.map((link) => link.textContent)).toEqual(footerLinks);
    const catalogue: Record<string, string> = {
      'All Parts': '/products',
      'All Brands': '/brands',
      'All Categories': '/categories',
    };
    for (const link of links) {
      expect(link).toHaveAttribute('href', catalogue[link.textContent ?? ''] ?? '/');
    }
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
