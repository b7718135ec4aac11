import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/test-utils';
import { infoPages } from '../features/content/info-pages';
import { InfoPage } from './info-page';

const renderAt = (route: string) =>
  renderWithProviders(<InfoPage />, { route, path: '/info/:slug' });

describe('InfoPage: the footer’s short pages', () => {
  it.each(infoPages.map((info) => [info.slug, info]))(
    '/info/%s shows its title, sections and links on',
    async (slug, info) => {
      renderAt(`/info/${slug}`);
      expect(screen.getByRole('heading', { level: 1, name: info.title })).toBeInTheDocument();
      expect(screen.getByText(info.summary)).toBeInTheDocument();
      for (const section of info.sections)
        expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
      const seeAlso = screen.getByRole('navigation', { name: 'See also' });
      expect(within(seeAlso).getAllByRole('link')).toHaveLength(info.related.length);
      await expect.poll(() => document.title).toBe(`${info.title} | Proper Parts`);
    },
  );

  it('an unknown slug is the not-found page', () => {
    renderAt('/info/press-releases');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
