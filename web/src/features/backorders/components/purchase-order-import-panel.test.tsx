import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/test-utils';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { PurchaseOrderImportPanel } from './purchase-order-import-panel';

/**
 * A stand-in for the browser's XMLHttpRequest: the test answers the upload a line at a time,
 * as the server streams its progress (`application/x-ndjson`). Every request is kept.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
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
    FakeXhr.sent.push(this);
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

const last = () => FakeXhr.sent.at(-1) as FakeXhr;
const csv = (size: number) => new File(['x'.repeat(size)], 'incoming.csv', { type: 'text/csv' });
const done = (added: number, rejections: { line: number; reason: string }[] = []) => ({
  success: true,
  data: { added, rejected: rejections.length, rejections, stopped: null },
});

async function panelWithFile(file = csv(4000)) {
  const user = userEvent.setup();
  renderWithProviders(<PurchaseOrderImportPanel />);
  const panel = screen.getByRole('region', { name: 'Import purchase orders (CSV)' });
  await user.upload(within(panel).getByLabelText('CSV file'), file);
  const importIt = () => user.click(within(panel).getByRole('button', { name: 'Import' }));
  return { panel, importIt };
}

describe('PurchaseOrderImportPanel', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the file under an Idempotency-Key, shows the progress, then what was added and refused by line', async () => {
    const { panel, importIt } = await panelWithFile();
    await importIt();
    const xhr = last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/admin/purchase-orders/import');
    expect(xhr.headers.Accept).toBe('application/x-ndjson');
    expect(xhr.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(xhr.body?.get('file')).toHaveProperty('name', 'incoming.csv');
    expect(within(panel).getByRole('button', { name: 'Importing…' })).toBeDisabled();

    xhr.answer({ progress: { lines: 1000, bytes: 2000 } });
    expect(await within(panel).findByRole('progressbar', { name: 'Import progress' })).toHaveValue(
      50,
    );
    expect(
      within(panel).getByText('Importing… 50% of the file, 1,000 lines applied'),
    ).toBeVisible();

    xhr.answer(
      done(1200, [
        { line: 3, reason: 'sku: no product "NOPE-1"' },
        { line: 7, reason: 'expected_on: a real date, YYYY-MM-DD' },
      ]),
    );
    xhr.end();
    const report = await within(panel).findByTestId('import-report');
    expect(report).toHaveTextContent('Import finished: 1,200 added, 2 refused.');
    expect(within(report).getByRole('row', { name: /^3 sku: no product "NOPE-1"/ })).toBeVisible();
    expect(
      within(report).getByRole('row', { name: /^7 expected_on: a real date, YYYY-MM-DD/ }),
    ).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('says in red, at the file, why the server refused a wrong file', async () => {
    const { panel, importIt } = await panelWithFile(csv(10));
    await importIt();
    last().answer({ success: false, message: 'The header needs the columns expected_on' }, 400);
    last().end();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The header needs the columns expected_on');
    const input = within(panel).getByLabelText('CSV file');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('file-input-error');
    expect(input).toHaveAccessibleDescription('The header needs the columns expected_on');
    expect(within(panel).queryByTestId('import-report')).toBeNull();
  });

  it('sends the same file again under the same key after no answer, and a new key once answered', async () => {
    const { panel, importIt } = await panelWithFile();
    await importIt();
    const lost = last();
    lost.onerror?.();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);

    await importIt();
    const retry = last();
    expect(retry).not.toBe(lost);
    expect(retry.headers['Idempotency-Key']).toBe(lost.headers['Idempotency-Key']);
    retry.answer(done(2));
    retry.end();
    expect(await within(panel).findByTestId('import-report')).toHaveTextContent(
      'Import finished: 2 added, 0 refused.',
    );

    await importIt();
    expect(last().headers['Idempotency-Key']).not.toBe(lost.headers['Idempotency-Key']);
  });
});
