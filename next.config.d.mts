import type { NextConfig } from "next";

/** next.config.mjs, typed for the tests that read it. */
declare const config: NextConfig;
export default config;
