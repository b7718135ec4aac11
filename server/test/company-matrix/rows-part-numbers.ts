import { multipartBody } from '../image-fixtures.ts';
import { createProduct } from '../order-helpers.ts';
import type { CompanyFixture } from './fixture.ts';
import { anyMember, type CompanyRow, ownCompanyAdmin } from './row.ts';

/**
 * Issue 35: a company's own part numbers. Every member reads their own company's (adminB reads
 * company B's); only a company admin writes them, each their own company's.
 */

/** The matrix's one part, made on first use. */
let sku: Promise<string> | undefined;
const matrixSku = (f: CompanyFixture) => {
  sku ??= createProduct(f.app, { sku: `CPN-MTX-${Date.now()}` }).then((p) => p.sku);
  return sku;
};

export const partNumbersRows: CompanyRow[] = [
  {
    method: 'GET',
    path: '/api/v1/company/part-numbers',
    query: '?limit=5',
    expect: anyMember,
  },
  {
    method: 'PUT',
    path: '/api/v1/company/part-numbers',
    body: async (f, caller) => ({
      items: [{ sku: await matrixSku(f), customerPartNumber: `MTX-${caller}` }],
    }),
    expect: ownCompanyAdmin,
  },
  {
    method: 'DELETE',
    path: '/api/v1/company/part-numbers',
    body: async (f) => ({ skus: [await matrixSku(f)] }),
    expect: ownCompanyAdmin,
  },
  {
    method: 'POST',
    path: '/api/v1/company/part-numbers/import',
    form: async (f, caller) =>
      multipartBody([
        {
          name: 'file',
          filename: 'part-numbers.csv',
          contentType: 'text/csv',
          content: `customer_part_number,sku\nMTX-CSV-${caller},${await matrixSku(f)}\n`,
        },
      ]),
    expect: ownCompanyAdmin,
    why: 'the file is read only for a company admin: a buyer is refused before it',
  },
];
