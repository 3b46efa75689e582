// Regenerates src/generated/api.ts from the service's OpenAPI document: by default the document
// the app builds from its route contracts (the same code that serves GET /v1/openapi.json), or
// the one a running server serves (`--from http://localhost:3000`). Run from the repository root:
// `npm run sdk:generate`. tests/sdk-generated.test.ts fails when the checked-in file is stale.
import fs from "node:fs";
import path from "node:path";
import { generateTypes } from "./generate-types";

const fromIndex = process.argv.indexOf("--from");
const from = fromIndex > 0 ? process.argv[fromIndex + 1] : undefined;

async function loadDocument(): Promise<Record<string, unknown>> {
  if (from) {
    const res = await fetch(new URL("/v1/openapi.json", from));
    if (!res.ok) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }
  const { ROUTE_CONTRACTS, WEBHOOK_EVENTS } = await import("@/app/api-routes");
  const { buildOpenApiDocument } = await import("@/lib/openapi/document");
  return buildOpenApiDocument(ROUTE_CONTRACTS, WEBHOOK_EVENTS) as Record<string, unknown>;
}

const out = path.resolve(import.meta.dirname, "../src/generated/api.ts");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, generateTypes(await loadDocument()));
console.log(`wrote ${path.relative(process.cwd(), out)}`);
