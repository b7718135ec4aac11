import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';

afterEach(() => vi.useRealTimers());

describe('AppProviders', () => {
  it('closes a toast after 5 seconds, not before (spec §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<AppProviders>page</AppProviders>);
    act(() => {
      toast.success('Profile update success');
    });
    expect(await screen.findByText('Profile update success')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_500);
    });
    expect(screen.getByText('Profile update success')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    // Sonner animates the toast out before removing it.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.queryByText('Profile update success')).not.toBeInTheDocument();
  });
});
