import { type ImportReport, importReport } from '@proper-parts/domain/catalog-csv';
import { type ImportProgress, uploadCsv } from '../../../lib/upload-csv';

export const catalogImportUrl = '/api/v1/catalog/import';
export const catalogExportUrl = '/api/v1/catalog/export.csv';

/** `POST /catalog/import`, with its progress line by line (see `uploadCsv`). */
export const importCatalog = (
  file: File,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> => uploadCsv(catalogImportUrl, file, importReport, onProgress);
