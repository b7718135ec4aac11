import { type FitmentImportReport, fitmentImportReport } from '@proper-parts/domain/fitment-csv';
import { api } from '../../../config/paths';
import { type ImportProgress, uploadCsv } from '../../../lib/upload-csv';

/** `POST /fitment/import`, with its progress batch by batch (see `uploadCsv`). */
export const importFitment = (
  file: File,
  onProgress: (progress: ImportProgress) => void,
): Promise<FitmentImportReport> =>
  uploadCsv(api.fitmentImport, file, fitmentImportReport, onProgress);
