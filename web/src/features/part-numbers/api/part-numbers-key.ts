import { companyKey } from '../../companies/api/company-key';

/** The company's part numbers: under the company's key, so that leaving it drops them too. */
export const partNumbersKey = [...companyKey, 'part-numbers'] as const;
