// @ts-check
// JavaScript, not TypeScript: `next start` compiles a next.config.ts with SWC's native binding at
// every start, which stays mapped: 25 MB of the embedded default's idle RSS (issue 15's < 300 MB;
// docs/decisions/0967). The types still apply through the JSDoc below and next.config.d.mts.
import { NON_PAGE_CSP } from "./lib/http/non-page-csp.mjs";

/**
 * Every answer: no framing, no sniffing, a strict referrer. Pages get their nonce-based CSP from
 * proxy.ts (a fresh nonce per request); everything else (JSON, files) renders nothing, so its
 * policy allows nothing.
 */
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** Paths proxy.ts does not give a page policy (keep in step with its matcher). */
const NON_PAGE_PATHS = [
  "/v1",
  "/v1/:path*",
  "/api/:path*",
  "/healthz",
  "/readyz",
  "/storage/:path*",
  "/.well-known/:path*",
];

/** @type {import('next').NextConfig} */
const config = {
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      ...NON_PAGE_PATHS.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: NON_PAGE_CSP }],
      })),
      // The join page checks camera and microphone (docs/decisions/0841): only there, only this origin.
      {
        source: "/r/:shortCode",
        headers: [{ key: "Permissions-Policy", value: "camera=(self), microphone=(self), geolocation=()" }],
      },
    ];
  },
  // PGlite ships WASM and a data-dir loader that bundlers mangle; load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "thread-stream"],
  output: "standalone",
  // The embedded database lives in .data; it must never be traced into a build artifact.
  outputFileTracingExcludes: { "*": [".data*/**", ".test-data/**"] },
  // Migrations ship with the standalone server (SVC_MIGRATE_ON_START, npm run db:migrate).
  outputFileTracingIncludes: { "*": ["./db/migrations/**/*"] },
  poweredByHeader: false,
  // The build type-checks the app only; tests, e2e, bench and scripts are checked by `npm run typecheck`.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  typedRoutes: false,
};

export default config;
