import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { corolla } from '../../../test/fitment-fixtures';
import { renderWithProviders } from '../../../test/test-utils';
import { visitorGarage } from '../../features/fitment/visitor-garage';
import { Navbar } from './navbar';

afterEach(() => visitorGarage.clear());

describe('Navbar', () => {
  it('shows the product name, the links and the SignIn entry', () => {
    renderWithProviders(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Proper Parts' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Quick order' })).toHaveAttribute(
      'href',
      '/quick-order',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(within(nav).getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    expect(within(nav).getByRole('link', { name: 'SignIn' })).toHaveAttribute('href', '/signin');
  });

  it('marks the current page', () => {
    renderWithProviders(<Navbar />, { route: '/blogs' });
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the small-screen menu and closes it on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('link', { name: 'Portfolio' })).toHaveLength(2);

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('link', { name: 'Portfolio' })).toHaveLength(1);
  });

  it('names the current vehicle, and the small-screen menu has My garage with it', async () => {
    const user = userEvent.setup();
    visitorGarage.add(corolla);
    renderWithProviders(<Navbar />);
    expect(
      await screen.findByRole('link', { name: 'My garage: 2015 Toyota Corolla 1.8L L4' }),
    ).toHaveAttribute('href', '/garage');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('link', { name: 'My garage 2015 Toyota Corolla' })).toHaveAttribute(
      'href',
      '/garage',
    );
  });
});
