/** See non-page-csp.mjs. */
export declare const NON_PAGE_CSP: string;
