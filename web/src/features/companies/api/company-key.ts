/** Every company query starts with this key: a change to the company invalidates them all. */
export const companyKey = ['company'] as const;

/** Lists on the company page ask for this many rows a page. */
export const COMPANY_PAGE_SIZE = 50;
