import type { NextConfig } from "next";

const config: NextConfig = {
  // PGlite ships WASM and a data-dir loader that bundlers mangle; load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "s3rver", "pino", "thread-stream"],
  output: "standalone",
  // The embedded database lives in .data; it must never be traced into a build artifact.
  outputFileTracingExcludes: { "*": [".data*/**", ".test-data/**"] },
  // Migrations ship with the standalone server (SVC_MIGRATE_ON_START, npm run db:migrate).
  outputFileTracingIncludes: { "*": ["./db/migrations/**/*"] },
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
