import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './confirm-modal';

const props = {
  title: 'Delete “Acme Ariba”?',
  description: 'Its setups are refused from now on.',
  confirmLabel: 'Yes, delete it',
  cancelLabel: 'Keep it',
  busy: false,
};

describe('ConfirmModal', () => {
  it('does the thing, then closes', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    render(<ConfirmModal {...props} onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Delete “Acme Ariba”?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open with the refusal when it fails, and Keep it closes it untouched', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('No such PunchOut connection');
    });
    const onClose = vi.fn();
    const { rerender } = render(
      <ConfirmModal {...props} onConfirm={onConfirm} onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    rerender(
      <ConfirmModal
        {...props}
        error="No such PunchOut connection"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('No such PunchOut connection')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
