import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Carousel } from './carousel';

const items = ['Bearings', 'Gearboxes', 'Filters'];

describe('Carousel', () => {
  it('is a labelled carousel region whose slides are groups labelled "n of m"', () => {
    render(
      <Carousel
        label="Customer reviews"
        items={items}
        itemKey={(item) => item}
        renderItem={(item) => <p>{item}</p>}
      />,
    );

    const carousel = screen.getByRole('region', { name: 'Customer reviews' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    for (const slide of slides) expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides[0]).toHaveTextContent('Bearings');
    expect(slides[0]).toHaveAttribute('data-active', 'true');
    expect(slides[1]).not.toHaveAttribute('data-active');
  });
});
