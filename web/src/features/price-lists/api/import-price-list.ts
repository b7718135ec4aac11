import {
  type PriceListImportReport,
  priceListImportReport,
} from '@proper-parts/domain/price-lists';
import { api } from '../../../config/paths';
import { type ImportProgress, uploadCsv } from '../../../lib/upload-csv';

/** `POST /admin/price-lists/{id}/import`, with its progress batch by batch (see `uploadCsv`). */
export const importPriceList = (
  id: string,
  file: File,
  onProgress: (progress: ImportProgress) => void,
): Promise<PriceListImportReport> =>
  uploadCsv(api.priceListImport(id), file, priceListImportReport, onProgress);
