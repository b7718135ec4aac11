import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/test-utils';
import { FitmentCsvPanel } from './fitment-csv-panel';

/**
 * A stand-in for the browser's XMLHttpRequest: the test answers the upload a line at a time,
 * as the server streams its progress (`application/x-ndjson`).
 */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  /** The server sends another line of its answer. */
  answer(line: unknown, status = 200) {
    this.status = status;
    this.responseText += `${JSON.stringify(line)}\n`;
    this.onprogress?.();
  }
  end() {
    this.onload?.();
  }
}

const csv = (size: number) => new File(['x'.repeat(size)], 'fitment.csv', { type: 'text/csv' });

describe('FitmentCsvPanel', () => {
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the export, and asks for a file before sending anything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FitmentCsvPanel />);
    const panel = screen.getByRole('region', { name: 'Vehicle fitment (CSV)' });
    expect(within(panel).getByRole('link', { name: 'Export fitment' })).toHaveAttribute(
      'href',
      '/api/v1/fitment/export',
    );
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Choose a CSV file first');
    expect(FakeXhr.last).toBeUndefined();
  });

  it('shows the progress as the server applies batches, then the per-line report', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FitmentCsvPanel />);
    const panel = screen.getByRole('region', { name: 'Vehicle fitment (CSV)' });
    await user.upload(within(panel).getByLabelText('CSV file'), csv(4000));
    await user.click(within(panel).getByRole('button', { name: 'Import' }));

    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/fitment/import');
    expect(xhr.headers.Accept).toBe('application/x-ndjson');
    expect(xhr.body?.get('file')).toHaveProperty('name', 'fitment.csv');
    expect(within(panel).getByRole('button', { name: 'Importing…' })).toBeDisabled();

    xhr.answer({ progress: { lines: 1000, bytes: 1000 } });
    expect(await within(panel).findByRole('progressbar', { name: 'Import progress' })).toHaveValue(
      25,
    );
    expect(
      within(panel).getByText('Importing… 25% of the file, 1,000 lines applied'),
    ).toBeVisible();

    xhr.answer({
      success: true,
      data: {
        added: 1200,
        updated: 3,
        unchanged: 40,
        rejected: 2,
        rejections: [
          { line: 4, reason: 'sku: no product has the SKU NOPE-1' },
          { line: 9, reason: 'duplicate of line 7: it names the same fitments; nothing changed' },
        ],
        stopped: null,
      },
    });
    xhr.end();

    const report = await within(panel).findByTestId('import-report');
    expect(report).toHaveTextContent(
      'Import finished: 1,200 added, 3 updated, 40 unchanged, 2 refused.',
    );
    expect(
      within(report).getByRole('row', { name: /^4 sku: no product has the SKU NOPE-1/ }),
    ).toBeVisible();
    expect(within(report).getByRole('row', { name: /^9 duplicate of line 7/ })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('says why the server refused the file', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FitmentCsvPanel />);
    const panel = screen.getByRole('region', { name: 'Vehicle fitment (CSV)' });
    await user.upload(within(panel).getByLabelText('CSV file'), csv(10));
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    const xhr = FakeXhr.last as FakeXhr;
    xhr.answer(
      {
        success: false,
        message:
          'Unknown column "name": the columns are sku, year_from, year_to, make, model, submodel, engine, position, note',
      },
      400,
    );
    xhr.end();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Unknown column "name"');
    expect(within(panel).queryByTestId('import-report')).toBeNull();
  });
});
