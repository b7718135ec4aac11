import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewCard } from './review-card';

const review = {
  _id: 'r1',
  rating: 4,
  description: 'Pallets arrive complete.',
  userName: 'Maria Keller',
  photoUrl: 'https://example.com/maria.png',
  createdAt: '2026-01-05T09:00:00.000Z',
};

describe('ReviewCard', () => {
  it('shows the photo, name, rating out of 5 and the description', () => {
    render(<ReviewCard review={review} />);
    expect(screen.getByRole('heading', { name: 'Maria Keller' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Maria Keller' })).toHaveAttribute(
      'src',
      'https://example.com/maria.png',
    );
    expect(screen.getByText('4/5')).toBeInTheDocument();
    expect(screen.getByText('Pallets arrive complete.')).toBeInTheDocument();
  });

  it('falls back to the placeholder avatar without a photo', () => {
    render(<ReviewCard review={{ ...review, photoUrl: null }} />);
    expect(screen.getByRole('img', { name: 'Placeholder avatar' })).toHaveAttribute(
      'src',
      '/images/avatars/placeholder.svg',
    );
  });

  it.each(['javascript:alert(1)', 'http://tracker.example/p.gif', 'data:image/gif;base64,R0lGOD'])(
    'never loads a photo stored before the check: %s',
    (photoUrl) => {
      render(<ReviewCard review={{ ...review, photoUrl }} />);
      expect(screen.getByRole('img', { name: 'Placeholder avatar' })).toHaveAttribute(
        'src',
        '/images/avatars/placeholder.svg',
      );
    },
  );
});
