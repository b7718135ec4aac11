import { type ImportReport, importReport } from '@proper-parts/domain/catalog-csv';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

export const catalogImportUrl = '/api/v1/catalog/import';
export const catalogExportUrl = '/api/v1/catalog/export.csv';

/**
 * `POST /catalog/import` with the file in the field `file`. XMLHttpRequest, not fetch: only it
 * reports upload progress. The server reads the file as it arrives and applies it a batch at a
 * time, holding the upload back while it writes: the bytes sent follow the lines applied.
 */
export function importCatalog(
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', catalogImportUrl);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size);
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    xhr.onload = () => {
      const json = xhr.response as { success?: boolean; data?: unknown; message?: string } | null;
      if (xhr.status === 200 && json?.success) {
        const parsed = importReport.safeParse(json.data);
        if (parsed.success) return resolve(parsed.data);
      }
      reject(new ApiError(json?.message ?? `The import failed (HTTP ${xhr.status})`, xhr.status));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
