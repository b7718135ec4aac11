import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import type { Parser } from './plain-shape';

export interface ImportProgress {
  /** Lines applied so far. */
  lines: number;
  /** How much of the file is read and applied, 0 to 1. */
  fraction: number;
}

type Line =
  | { progress: { lines: number; bytes: number } }
  | { success: true; data: unknown }
  | { success: false; message: string };

/**
 * A CSV import (`POST /catalog/import`, `POST /fitment/import`) with the file in the field
 * `file`, asking for progress (`Accept: application/x-ndjson`): the server answers a line per
 * batch it applied, then the envelope, whose report `report` checks. XMLHttpRequest, not fetch:
 * it hands over the answer as it arrives. The server reads the file only as fast as it applies
 * it, so the bytes applied are the progress.
 */
export function uploadCsv<Report>(
  url: string,
  file: File,
  report: Parser<Report>,
  onProgress: (progress: ImportProgress) => void,
  /** More request headers: an import that adds sends its `Idempotency-Key`. */
  headers: Record<string, string> = {},
): Promise<Report> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let applied = { lines: 0, bytes: 0 };
    let seen = 0;
    let last: Line | undefined;
    const total = file.size || 1;
    const tell = () =>
      onProgress({
        lines: applied.lines,
        fraction: Math.min(1, applied.bytes / total),
      });
    const read = () => {
      const text = xhr.responseText;
      let end = text.indexOf('\n', seen);
      while (end !== -1) {
        const line = text.slice(seen, end).trim();
        seen = end + 1;
        end = text.indexOf('\n', seen);
        if (!line) continue;
        try {
          last = JSON.parse(line) as Line;
        } catch {
          continue;
        }
        if ('progress' in last) applied = last.progress;
      }
      tell();
    };

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/x-ndjson');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.onprogress = read;
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    xhr.onload = () => {
      read();
      if (last && 'success' in last) {
        if (last.success) {
          const parsed = report.safeParse(last.data);
          if (parsed.success) return resolve(parsed.data);
        } else {
          return reject(new ApiError(last.message, xhr.status === 200 ? 400 : xhr.status));
        }
      }
      // Refused before the import began (sign-in, size, form): a plain JSON envelope.
      let message = `The import failed (HTTP ${xhr.status})`;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
      } catch {}
      reject(new ApiError(message, xhr.status));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
