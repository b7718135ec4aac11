import {
  type PartNumberImportReport,
  partNumberImportReport,
} from '@proper-parts/domain/part-numbers';
import { api } from '../../../config/paths';
import { type ImportProgress, uploadCsv } from '../../../lib/upload-csv';

/** `POST /company/part-numbers/import`, with its progress batch by batch (see `uploadCsv`). */
export const importPartNumbers = (
  file: File,
  onProgress: (progress: ImportProgress) => void,
): Promise<PartNumberImportReport> =>
  uploadCsv(api.importCompanyPartNumbers, file, partNumberImportReport, onProgress);
