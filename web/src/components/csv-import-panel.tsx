import type { ImportRejection } from '@proper-parts/domain/csv-import';
import { formatCount } from '@proper-parts/domain/format';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { ImportProgress } from '../lib/upload-csv';

/** What every CSV import reports, besides its own counts. */
export interface CsvImportReport {
  rejected: number;
  rejections: ImportRejection[];
  stopped: string | null;
}

type State<Report> =
  | { step: 'idle' }
  | { step: 'sending'; lines: number; fraction: number }
  | { step: 'done'; report: Report };

/** How many refused lines the report lists on screen; the count covers them all. */
const REJECTIONS_SHOWN = 50;

interface CsvImportPanelProps<Report extends CsvImportReport> {
  title: string;
  /** What the file holds and how its lines are matched. */
  description: ReactNode;
  /** Where the export downloads from; a panel without one only imports. */
  exportHref?: string;
  exportLabel?: string;
  upload: (file: File, onProgress: (progress: ImportProgress) => void) => Promise<Report>;
  /** The report's first line: "Import finished: 3 created, 0 updated, 1 refused." */
  summary: (report: Report) => string;
}

/**
 * An admin's CSV tools (the catalog's, issue 16; the vehicle fitment's, issue 20; a company's part
 * numbers, issue 35): download the export, or import a file with a progress bar, then the
 * report: its counts and refused lines.
 */
export function CsvImportPanel<Report extends CsvImportReport>({
  title,
  description,
  exportHref,
  exportLabel,
  upload,
  summary,
}: CsvImportPanelProps<Report>) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<State<Report>>({ step: 'idle' });
  const busy = state.step === 'sending';

  const start = async () => {
    if (!file) return setError('Choose a CSV file first');
    setError(null);
    setState({ step: 'sending', lines: 0, fraction: 0 });
    try {
      const report = await upload(file, (progress) => setState({ step: 'sending', ...progress }));
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
            {title}
          </h3>
          {exportHref && (
            <a className="btn btn-outline btn-sm" href={exportHref} download>
              {exportLabel}
            </a>
          )}
        </div>
        <p className="text-sm text-base-content/70">{description}</p>
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
        {state.step === 'done' && (
          <ImportReportView report={state.report} summary={summary(state.report)} />
        )}
      </div>
    </section>
  );
}

function ImportReportView({ report, summary }: { report: CsvImportReport; summary: string }) {
  const shown = report.rejections.slice(0, REJECTIONS_SHOWN);
  return (
    <div data-testid="import-report" aria-live="polite">
      <p className="font-medium">{summary}</p>
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
