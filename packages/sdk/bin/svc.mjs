#!/usr/bin/env node
// The `svc` command: a shim kept in git so the bin link exists before the package is built.
import { main } from "../dist/esm/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
