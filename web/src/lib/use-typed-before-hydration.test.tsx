import { act, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RangeFacet } from '../features/catalog/components/range-facet';
import { SearchBox } from '../features/catalog/components/search-box';

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.useRealTimers();
});

/** A parent that renders again on demand: the render that used to set a typed field back. */
let renderAgain: () => void = () => {};
function Parent({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  renderAgain = () => setCount((n) => n + 1);
  return <div data-renders={count}>{children}</div>;
}

/**
 * The server's HTML in the page, `type` run on it before any script (a visitor typing while the
 * scripts load), then hydrated by React and rendered again.
 */
function hydrateAfterTyping(ui: ReactNode, type: (page: HTMLElement) => void) {
  const tree = <Parent>{ui}</Parent>;
  container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  type(container);
  const page = container;
  act(() => {
    root = hydrateRoot(page, tree);
  });
  act(() => renderAgain());
}

describe('text typed before the page hydrated', () => {
  it('stays in the search box and searches, through a later render', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    hydrateAfterTyping(<SearchBox value="" onSearch={onSearch} />, (page) => {
      (page.querySelector('input') as HTMLInputElement).value = 'bearing 6204';
    });
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('bearing 6204');
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).toHaveBeenCalledWith('bearing 6204');
  });

  it('stays in a price range and is applied by Go', () => {
    const onApply = vi.fn();
    hydrateAfterTyping(
      <RangeFacet
        legend="Price"
        unit="$"
        bounds={{ min: 1, max: 500 }}
        value={{ min: '', max: '' }}
        onApply={onApply}
      />,
      (page) => {
        (page.querySelectorAll('input')[0] as HTMLInputElement).value = '20';
      },
    );
    expect(screen.getByRole('textbox', { name: 'Price ($) from' })).toHaveValue('20');
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onApply).toHaveBeenCalledWith({ min: '20', max: '' });
  });

  it('changes nothing when nothing was typed', () => {
    const onSearch = vi.fn();
    hydrateAfterTyping(<SearchBox value="pump" onSearch={onSearch} />, () => {});
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('pump');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
