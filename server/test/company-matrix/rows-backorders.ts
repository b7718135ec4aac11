import { multipartBody } from '../image-fixtures.ts';
import { type CompanyRow, shopAdminOnly } from './row.ts';

/**
 * Issue 36: purchase orders of incoming stock are the shop's: a company's own admin, buyer or
 * approver may not import them (the file is a header only: the shop admin adds none).
 */
export const backorderRows: CompanyRow[] = [
  {
    method: 'POST',
    path: '/api/v1/admin/purchase-orders/import',
    form: async () =>
      multipartBody([
        {
          name: 'file',
          filename: 'incoming.csv',
          contentType: 'text/csv',
          content: 'sku,quantity,expected_on\n',
        },
      ]),
    expect: shopAdminOnly,
    why: "a company's own admin runs no purchase orders of the shop's stock",
  },
];
