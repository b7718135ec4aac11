import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

function AddButton() {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={!hydrated}>
      Add to cart
    </button>
  );
}

it('is false in the server-rendered page and true once React has hydrated it', () => {
  const html = renderToString(<AddButton />);
  expect(html).toContain('disabled');
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  expect(container.querySelector('button')?.disabled).toBe(true);
  act(() => {
    root = hydrateRoot(container as HTMLElement, <AddButton />);
  });
  expect(container.querySelector('button')?.disabled).toBe(false);
});
