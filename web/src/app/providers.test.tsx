import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
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

  it('keeps the client main.tsx made when React mounts it again (the first HTML’s answers live there)', () => {
    const client = new QueryClient();
    client.setQueryData(['tools', { limit: 6 }], ['taken from the first HTML']);
    const Featured = () => <p>{String(useQueryClient().getQueryData(['tools', { limit: 6 }]))}</p>;
    // A mount React throws away and starts again builds its state anew.
    render(
      <AppProviders client={client}>
        <Featured />
      </AppProviders>,
    ).unmount();
    render(
      <AppProviders client={client}>
        <Featured />
      </AppProviders>,
    );
    expect(screen.getByText('taken from the first HTML')).toBeInTheDocument();
  });
});
