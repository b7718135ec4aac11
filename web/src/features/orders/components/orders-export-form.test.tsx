import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrdersExportForm } from './orders-export-form';

describe('OrdersExportForm', () => {
  it('links to the CSV of the chosen range, and refuses a range upside down', () => {
    render(<OrdersExportForm />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To (included)'), { target: { value: '2026-03-31' } });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/v1/manageOrder/export.csv?from=2026-03-01&to=2026-03-31',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.getByText('The first date is after the last')).toBeInTheDocument();
  });

  it('exports the invoices of the range, and links every customer account', () => {
    render(<OrdersExportForm />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To (included)'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'invoices' } });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/v1/invoices/export.csv?from=2026-03-01&to=2026-03-31',
    );
    expect(screen.getByText(/paid, open or overdue/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Download every customer account (CSV)' }),
    ).toHaveAttribute('href', '/api/v1/customers/export.csv');
  });
});
