import { messages } from '@proper-parts/domain/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../../../test/auth-stubs';
import { renderWithProviders } from '../../../../test/test-utils';
import { UpdateProfileModal } from './update-profile-modal';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('UpdateProfileModal', () => {
  it("says 'No user is logged in' in red when saved while signed out", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi();
    setSession(null);
    renderWithProviders(
      <UpdateProfileModal
        profile={{
          email: 'gone@example.com',
          name: 'Gone',
          photoURL: null,
          city: '',
          education: '',
          phone: '',
          link: '',
        }}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(messages.noUserLoggedIn);
    expect(alert).toHaveClass('text-error');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });
});
