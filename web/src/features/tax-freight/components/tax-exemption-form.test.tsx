import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { TaxExemptionForm } from './tax-exemption-form';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const COMPANY = '7b0f6c52-6a2e-4d3c-9f0e-2b1d6c9a1e11';
const path = `/api/v1/admin/companies/${COMPANY}/tax-exemption`;
const answer = (exemption: object | null) =>
  jsonResponse({ success: true, data: { companyId: COMPANY, exemption } });

function renderForm(recorded: object | null, put?: (body: { exemption: object | null }) => object) {
  const fetchMock = stubApi({
    ...signInAs(admin),
    [`GET ${path}`]: () => answer(recorded),
    [`PUT ${path}`]: ({ body }) => answer(put ? put(body as { exemption: object | null }) : null),
  });
  renderWithProviders(
    <>
      <TaxExemptionForm companyId={COMPANY} />
      <Toaster />
    </>,
  );
  return fetchMock;
}

describe('TaxExemptionForm (issue 33)', () => {
  it('says plainly that there is no certificate, and records one', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(null, ({ exemption }) => ({ ...exemption, expired: false }));
    const form = await screen.findByRole('form', { name: 'Sales tax exemption' });
    expect(
      await within(form).findByText('No exemption certificate on record: tax is charged.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Certificate number'), 'TX-9');
    await user.type(within(form).getByLabelText('States (e.g. TX, CA)'), 'TX, CA');
    await user.type(within(form).getByLabelText('Expires on'), '2099-06-30');
    await user.click(within(form).getByRole('button', { name: 'Record certificate' }));
    expect(await screen.findByText('Exemption certificate recorded')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT ${path}`)).toEqual([
      { exemption: { certificateNumber: 'TX-9', regions: ['TX', 'CA'], expiresOn: '2099-06-30' } },
    ]);
    expect(
      within(form).getByText('Certificate TX-9: exempt in TX, CA until Jun 30, 2099.'),
    ).toBeInTheDocument();
  });

  it('opens on the certificate recorded, its fields filled', async () => {
    renderForm({
      certificateNumber: 'EX-1',
      regions: ['TX'],
      expiresOn: '2099-12-31',
      expired: false,
    });
    const form = await screen.findByRole('form', { name: 'Sales tax exemption' });
    expect(
      await within(form).findByText('Certificate EX-1: exempt in TX until Dec 31, 2099.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Certificate number')).toHaveValue('EX-1');
    expect(within(form).getByLabelText('States (e.g. TX, CA)')).toHaveValue('TX');
    expect(within(form).getByLabelText('Expires on')).toHaveValue('2099-12-31');
  });

  it('says plainly when the certificate expired, and that ending it leaves none', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(
      { certificateNumber: 'OLD-1', regions: ['TX', 'CA'], expiresOn: '2020-01-31', expired: true },
      () => null as unknown as object,
    );
    const form = await screen.findByRole('form', { name: 'Sales tax exemption' });
    expect(
      await within(form).findByText(
        'Certificate OLD-1 (TX, CA) expired on Jan 31, 2020: tax is charged.',
      ),
    ).toHaveClass('alert-warning');
    await user.click(within(form).getByRole('button', { name: 'End exemption' }));
    expect(await screen.findByText('Exemption ended')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT ${path}`)).toEqual([{ exemption: null }]);
    expect(
      within(form).getByText('No exemption certificate on record: tax is charged.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Certificate number')).toHaveValue('');
  });
});
