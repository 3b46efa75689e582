import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_CONTRACTS, WEBHOOK_EVENTS } from "@/app/api-routes";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { generateTypes } from "../packages/sdk/scripts/generate-types";

/**
 * The SDK's types are generated from the API document (one source of truth, docs/decisions/1061).
 * A route, schema or event changed without `npm run sdk:generate` fails here.
 */
describe("packages/sdk/src/generated/api.ts", () => {
  it("is what the generator makes from the current OpenAPI document (run `npm run sdk:generate`)", () => {
    const document = buildOpenApiDocument(ROUTE_CONTRACTS, WEBHOOK_EVENTS) as Record<string, unknown>;
    const file = path.resolve(import.meta.dirname, "../packages/sdk/src/generated/api.ts");
    expect(
      fs.readFileSync(file, "utf8") === generateTypes(document),
      "stale: run `npm run sdk:generate`",
    ).toBe(true);
  });

  it("lists every operation and every webhook event type of the document", async () => {
    const api = await import("../packages/sdk/src/generated/api");
    // A browser-only redirect (the SSO callback) is no SDK operation.
    const sdkOps = ROUTE_CONTRACTS.filter((c) => Object.keys(c.responses).some((s) => /^2\d\d$/.test(s)));
    expect(Object.keys(api.OPERATIONS).sort()).toEqual(sdkOps.map((c) => c.operationId).sort());
    expect([...api.WEBHOOK_EVENT_TYPES].sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    for (const c of sdkOps) {
      const op = api.OPERATIONS[c.operationId as keyof typeof api.OPERATIONS];
      expect(op.method, c.operationId).toBe(c.method);
      expect(op.path, c.operationId).toBe(c.path);
      expect(op.idempotent, c.operationId).toBe(Boolean(c.idempotent));
    }
  });
});

describe("@svc/sdk's root entry", () => {
  it("uses only web APIs (fetch, Web Crypto, streams), so it runs on Deno, Bun and edge runtimes", () => {
    const src = path.resolve(import.meta.dirname, "../packages/sdk/src");
    const files = fs
      .readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && f !== "node.ts" && !f.startsWith("cli"));
    expect(files).toContain("index.ts");
    for (const f of files) {
      // Code only: the JSDoc examples show process.env on a server, which is fine.
      const text = fs
        .readFileSync(path.join(src, f), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      expect(text, f).not.toMatch(
        /from "node:|require\(|\bBuffer\b|\bprocess\.|from "\.\.?\/(cli\/|node\.js)/,
      );
    }
  });
});
