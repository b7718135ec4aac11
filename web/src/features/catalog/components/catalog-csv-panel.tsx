import type { ImportReport } from '@proper-parts/domain/catalog-csv';
import { formatCount } from '@proper-parts/domain/format';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { catalogExportUrl, importCatalog } from '../api/import-catalog';

type State =
  | { step: 'idle' }
  | { step: 'sending'; lines: number; fraction: number }
  | { step: 'done'; report: ImportReport };

/** How many refused lines the report lists on screen; the count covers them all. */
const REJECTIONS_SHOWN = 50;

/**
 * Manage Products' CSV tools (issue 16): download the whole catalog, or import a file of
 * products (upserted by SKU) with a progress bar, then the report: created, updated, refused lines.
 */
export function CatalogCsvPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const busy = state.step === 'sending';

  const start = async () => {
    if (!file) return setError('Choose a CSV file first');
    setError(null);
    setState({ step: 'sending', lines: 0, fraction: 0 });
    try {
      const report = await importCatalog(file, (progress) =>
        setState({ step: 'sending', ...progress }),
      );
      setState({ step: 'done', report });
      await queryClient.invalidateQueries();
    } catch (caught) {
      setState({ step: 'idle' });
      setError((caught as Error).message);
    }
  };

  const percent = state.step === 'sending' ? Math.floor(state.fraction * 100) : 0;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="card mb-8 border border-base-300 bg-base-100"
    >
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`${id}-title`} className="card-title text-lg">
            Import and export (CSV)
          </h3>
          <a className="btn btn-outline btn-sm" href={catalogExportUrl} download>
            Export the catalog
          </a>
        </div>
        <p className="text-sm text-base-content/70">
          Products are matched by SKU: a known SKU is updated, a new one created. An empty cell
          keeps what the product has. The columns are listed in the README.
        </p>
        <form
          className="flex flex-wrap items-start gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <div className="flex flex-col">
            <label htmlFor={`${id}-file`} className="sr-only">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              className={`file-input file-input-sm w-72 max-w-full ${error ? 'file-input-error' : ''}`}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={Boolean(error)}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </button>
        </form>
        {state.step === 'sending' && (
          <div>
            <progress
              className="progress progress-primary w-full"
              aria-label="Import progress"
              value={percent < 100 ? percent : undefined}
              max={100}
            />
            <p className="text-sm text-base-content/70" aria-live="polite">
              {percent < 100
                ? `Importing… ${percent}% of the file, ${formatCount(state.lines)} lines applied`
                : 'Applying the last lines…'}
            </p>
          </div>
        )}
        {state.step === 'done' && <ImportReportView report={state.report} />}
      </div>
    </section>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const shown = report.rejections.slice(0, REJECTIONS_SHOWN);
  return (
    <div data-testid="import-report" aria-live="polite">
      <p className="font-medium">
        Import finished: {formatCount(report.created)} created, {formatCount(report.updated)}{' '}
        updated, {formatCount(report.rejected)} refused.
      </p>
      {report.stopped && (
        <p role="alert" className="mt-1 text-sm text-error">
          {report.stopped}. The lines after it were not read.
        </p>
      )}
      {shown.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="table table-sm">
            <caption className="text-left text-sm text-base-content/70">
              Refused lines
              {report.rejected > shown.length &&
                ` (the first ${formatCount(shown.length)} of ${formatCount(report.rejected)})`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((rejection) => (
                <tr key={rejection.line}>
                  <td className="font-mono">{rejection.line}</td>
                  <td className="break-words">{rejection.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
