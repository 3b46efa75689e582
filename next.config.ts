import type { NextConfig } from "next";

const dev = process.env.NODE_ENV !== "production";

/**
 * Console pages: no framing, no third-party scripts, strict referrer. Next's inline bootstrap
 * scripts need 'unsafe-inline' without per-request nonces; dev adds 'unsafe-eval' for fast refresh.
 */
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? " ws: wss:" : ""}`,
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const config: NextConfig = {
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The join page checks camera and microphone (docs/decisions/0841): only there, only this origin.
      {
        source: "/r/:shortCode",
        headers: [{ key: "Permissions-Policy", value: "camera=(self), microphone=(self), geolocation=()" }],
      },
    ];
  },
  // PGlite ships WASM and a data-dir loader that bundlers mangle; load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "s3rver", "pino", "thread-stream"],
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
