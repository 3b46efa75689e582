/** Room-token lifetimes (docs/spec/product-decisions.md §5), zod-free so the console's panel can offer them. */
export const MIN_TTL_SECONDS = 60;
export const MAX_TTL_SECONDS = 86_400;
export const DEFAULT_TTL_SECONDS = 3_600;

/** Lifetimes the console's test-token panel offers (seconds), all within 60 to 86400. */
export const TEST_TOKEN_TTLS = [
  { value: 300, label: "5 minutes" },
  { value: 3_600, label: "1 hour" },
  { value: 21_600, label: "6 hours" },
  { value: 86_400, label: "24 hours" },
] as const;
