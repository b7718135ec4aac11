import { messages } from '@proper-parts/domain/messages';
import type { Profile } from '@proper-parts/domain/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { customer, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { api } from '../../config/paths';
import { MyProfilePage } from './my-profile-page';

const PROFILE_PATH = api.profile(customer.email);

const buildProfile = (overrides: Partial<Profile> = {}): Profile => ({
  email: customer.email,
  name: customer.name,
  photoURL: null,
  city: 'Peru, IL',
  education: '',
  phone: '+1 815 555 0100',
  link: 'https://example.com/bea',
  ...overrides,
});

const renderProfile = () =>
  renderWithProviders(
    <>
      <MyProfilePage />
      <Toaster />
    </>,
    { route: '/dashboard/profile' },
  );

/** A profile endpoint that keeps what is saved, as the server does. */
function profileServer(initial: Profile) {
  let stored = initial;
  return {
    [`GET ${PROFILE_PATH}`]: () => jsonResponse({ success: true, data: stored }),
    [`PUT ${PROFILE_PATH}`]: ({ body }: { body: unknown }) => {
      stored = { ...stored, ...(body as Partial<Profile>) };
      return jsonResponse({ success: true, data: { modifiedCount: 1 } });
    },
    'POST /api/v1/auth/update-user': ({ body }: { body: unknown }) => {
      const { name, image } = body as { name?: string; image?: string | null };
      stored = { ...stored, name: name ?? stored.name, photoURL: image ?? stored.photoURL };
      return jsonResponse({ status: true });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('MyProfilePage', () => {
  it('shows the photo placeholder, name, email and fields, with — for empty ones', async () => {
    stubApi({ ...signInAs(customer), ...profileServer(buildProfile()) });
    const { container } = renderProfile();

    expect(await screen.findByRole('heading', { name: 'Bea Buyer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText(customer.email)).toBeInTheDocument();
    expect(screen.getByText('City', { selector: 'dt' }).nextSibling).toHaveTextContent('Peru, IL');
    expect(screen.getByText('Education', { selector: 'dt' }).nextSibling).toHaveTextContent('—');
    expect(screen.getByText('Phone', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '+1 815 555 0100',
    );
    const link = screen.getByRole('link', { name: 'https://example.com/bea' });
    expect(link).toHaveAttribute('href', 'https://example.com/bea');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      '/images/avatars/placeholder.svg',
    );
    await waitFor(() => expect(document.title).toBe('My Profile | Proper Parts'));
  });

  it('saves the first update, renames the user, toasts success and shows the new details', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...signInAs(customer),
      ...profileServer(buildProfile({ city: '', phone: '', link: '' })),
    });
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Profile' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bea Buyer');
    expect(within(dialog).getByLabelText('Photo URL')).toHaveValue('');
    expect(within(dialog).getByLabelText('Education')).toHaveValue('');

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Renamed Buyer');
    await user.type(within(dialog).getByLabelText('City'), 'Peru, IL');
    await user.type(within(dialog).getByLabelText('Education'), 'BSc Mechanical Engineering');
    await user.type(within(dialog).getByLabelText('Phone'), '+1 815 555 0100');
    await user.type(within(dialog).getByLabelText('Link'), 'https://example.com/renamed');
    const sessionChecks = callsTo(fetchMock, 'GET /api/v1/auth/get-session').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(dialog).not.toHaveAttribute('open');
    expect(callsTo(fetchMock, 'POST /api/v1/auth/update-user')).toEqual([
      { name: 'Renamed Buyer' },
    ]);
    expect(callsTo(fetchMock, `PUT ${PROFILE_PATH}`)).toEqual([
      {
        city: 'Peru, IL',
        education: 'BSc Mechanical Engineering',
        phone: '+1 815 555 0100',
        link: 'https://example.com/renamed',
        email: customer.email,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Renamed Buyer' })).toBeInTheDocument();
    expect(screen.getByText('BSc Mechanical Engineering')).toBeInTheDocument();
    // The session is asked again, so the dashboard's welcome shows the new name.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/v1/auth/get-session').length).toBeGreaterThan(
        sessionChecks,
      ),
    );
  });

  it('does not touch the identity service when name and photo are unchanged', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ ...signInAs(customer), ...profileServer(buildProfile()) });
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/v1/auth/update-user')).toEqual([]);
    expect(callsTo(fetchMock, `PUT ${PROFILE_PATH}`)).toHaveLength(1);
  });

  it('shows field errors in red under their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ ...signInAs(customer), ...profileServer(buildProfile()) });
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Profile' });
    await user.type(within(dialog).getByLabelText('Phone'), ' call me');
    await user.clear(within(dialog).getByLabelText('Link'));
    await user.type(within(dialog).getByLabelText('Link'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const phone = within(dialog).getByLabelText('Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      'Phone may contain digits, spaces and + ( ) - . only',
    );
    expect(within(dialog).getByText('Link must start with http:// or https://')).toHaveClass(
      'text-error',
    );
    expect(callsTo(fetchMock, `PUT ${PROFILE_PATH}`)).toEqual([]);
    expect(dialog).toHaveAttribute('open');
  });

  it("shows the server's message in red in the modal and keeps it open", async () => {
    const user = userEvent.setup();
    stubApi({
      ...signInAs(customer),
      ...profileServer(buildProfile()),
      [`PUT ${PROFILE_PATH}`]: () =>
        jsonResponse(
          { success: false, message: 'link: Link must start with http:// or https://' },
          400,
        ),
    });
    renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('link: Link must start with http:// or https://');
    expect(alert).toHaveClass('text-error');
    expect(dialog).toHaveAttribute('open');
    expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument();
  });

  it('tells an unconfirmed user so, and mails the link again on request', async () => {
    const fetchMock = stubApi({
      ...signInAs(customer),
      ...profileServer(buildProfile()),
      'POST /api/v1/auth/send-verification-email': () => jsonResponse({ status: true }),
    });
    renderProfile();
    expect(await screen.findByText(/Your email address is not confirmed yet/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText(`We mailed a new confirmation link to ${customer.email}.`),
    ).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/v1/auth/send-verification-email')).toEqual([
      { email: customer.email },
    ]);
  });
});
