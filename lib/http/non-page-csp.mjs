/**
 * JSON and file answers render nothing: they may load nothing and be framed by nobody. Plain
 * JavaScript because next.config.mjs reads it too (lib/http/csp.ts re-exports it).
 */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
