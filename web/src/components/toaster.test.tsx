import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToasterHost } from './toaster';

describe('ToasterHost', () => {
  it('mounts no Toaster until a module that can toast loads, then mounts it before any toast', async () => {
    render(<ToasterHost />);
    // Sonner's Toaster is a "Notifications" region; the home page, which cannot toast, has none.
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();

    const { toast } = await import('../lib/toast');
    expect(await screen.findByRole('region', { name: /notifications/i })).toBeInTheDocument();
    toast.success('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Not over the navbar: toasts stack at the bottom right.
    const list = document.querySelector('[data-sonner-toaster]');
    expect(list).toHaveAttribute('data-y-position', 'bottom');
    expect(list).toHaveAttribute('data-x-position', 'right');
  });
});
