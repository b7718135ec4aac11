import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { createTestQueryClient } from '../../test/test-utils';
import { routes } from '../app/router';
import { bannerSlides } from '../features/content/home-content';
import { renderHomeFirstPaint } from './render-home';

// The moment React first renders over the first paint: the carousel's code has not arrived.
vi.mock('../features/content/components/banner-carousel', () => new Promise(() => {}));

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

/** A node as text, attributes in name order; `useId` values (aria-controls) differ per render. */
function markupOf(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== 'aria-controls')
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort();
  const children = [...node.childNodes].map(markupOf).join('');
  return `<${node.localName} ${attributes.join(' ')}>${children}</${node.localName}>`;
}

/** The parts of a page the first paint holds. */
function shellOf(root: ParentNode) {
  const html = (selector: string) => {
    const node = root.querySelector(selector);
    return node ? markupOf(node) : undefined;
  };
  return {
    skipLink: html('a[href="#main"]'),
    navbar: html('header'),
    banner: html('section[aria-labelledby="home-title"]'),
  };
}

describe('the home page’s first paint (sent inside the first HTML)', () => {
  const firstPaint = document.createElement('div');
  firstPaint.innerHTML = renderHomeFirstPaint();

  it('holds the navbar, the heading and the first banner slide with its image fetched first', () => {
    const [first] = bannerSlides;
    expect(firstPaint.querySelector('nav[aria-label="Main"]')).not.toBeNull();
    expect(firstPaint.querySelector('h1')?.textContent).toMatch(/^Proper Parts/);
    expect(firstPaint.querySelector('h2')?.textContent).toBe(first?.bannerIntro);
    const image = firstPaint.querySelector(`img[src="${first?.bannerImg}"]`);
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.getAttribute('loading')).toBe('eager');
    // Static markup: no script, nothing for the CSP to refuse.
    expect(firstPaint.querySelector('script')).toBeNull();
  });

  it('is the markup React renders on / for a visitor, so nothing moves when it takes over', async () => {
    stubApi();
    const { container } = render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: bannerSlides[0]?.bannerIntro });
    const rendered = shellOf(container);
    expect(rendered.banner).toBeDefined();
    expect(rendered).toEqual(shellOf(firstPaint));
  });
});
