import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ROUTE_CONTRACTS as OPERATIONS, UNDOCUMENTED_ROUTES } from "@/app/api-routes";
import { overrideEnvForTests } from "@/lib/env";
import { isNotAllowedFiller } from "@/lib/http/handler";
import { createProjectBody } from "@/lib/projects/project-schema";
import type { RouteContract as Operation } from "@/lib/routes/contract";
import { contractOf } from "@/lib/routes/implement";
import { call } from "./helpers/app";
import { buildWorld, happyPath, type World } from "./helpers/hardening-world";
import { MEDIA_PLANE_OPERATIONS, startTestMediaPlane, type TestMediaPlane } from "./helpers/test-media-plane";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const modules = {
  ...import.meta.glob<Record<string, unknown>>("/app/**/route.ts"),
  ...import.meta.glob<Record<string, unknown>>("/app/.well-known/**/route.ts"),
};

/** `app/v1/x/[id]/route.ts` → `/v1/x/{id}` (route groups dropped), as the registry writes paths. */
function templateOf(file: string): string {
  const segments = file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .split("/")
    .filter((s) => s !== "" && !/^\(.*\)$/.test(s))
    .map((s) => s.replace(/^\[(.+)\]$/, "{$1}"));
  return `/${segments.join("/")}`;
}

async function realHandlers(): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [file, load] of Object.entries(modules)) {
    const path = templateOf(file);
    const mod = await load();
    for (const m of METHODS) {
      if (typeof mod[m] === "function" && !isNotAllowedFiller(mod[m])) found.add(`${m} ${path}`);
    }
  }
  return found;
}

describe("route coverage", () => {
  function gaps(handlers: Set<string>, operations: readonly Operation[]) {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const exempt = new Set(Object.keys(UNDOCUMENTED_ROUTES));
    return {
      missing: [...handlers].filter((h) => !documented.has(h) && !exempt.has(h.split(" ")[1] ?? "")),
      stale: [...documented].filter((d) => !handlers.has(d)),
    };
  }

  it("every exported handler has a registry entry (and its schemas), and every entry a handler", async () => {
    const handlers = await realHandlers();
    const { missing, stale } = gaps(handlers, OPERATIONS);
    expect(missing, "routes without a contract in app/api-routes.ts").toEqual([]);
    expect(stale, "registry entries without a route handler").toEqual([]);
    // A route whose entry is dropped is reported.
    const withoutRooms = OPERATIONS.filter((o) => o.operationId !== "createRoom");
    expect(gaps(handlers, withoutRooms).missing).toEqual(["POST /v1/workspace/rooms"]);
    const undocumentedPaths = Object.keys(UNDOCUMENTED_ROUTES);
    // The exemptions name real routes (a renamed route cannot hide behind a stale exemption).
    const paths = new Set([...handlers].map((h) => h.split(" ")[1]));
    for (const p of undocumentedPaths) expect(paths.has(p), p).toBe(true);
  });

  it("every handler was built by implement() from the contract the document lists for its method and path", async () => {
    const unbound: string[] = [];
    for (const [file, load] of Object.entries(modules)) {
      const path = templateOf(file);
      if (path in UNDOCUMENTED_ROUTES) continue;
      const mod = await load();
      for (const m of METHODS) {
        const handler = mod[m];
        if (typeof handler !== "function" || isNotAllowedFiller(handler)) continue;
        const listed = OPERATIONS.find((o) => o.method === m && o.path === path);
        if (contractOf(handler) !== listed) unbound.push(`${m} ${path}`);
      }
    }
    expect(unbound, "handlers whose contract is not the one in app/api-routes.ts").toEqual([]);
    // The check can fail: a handler bound to another route's contract is caught.
    const rooms = await modules["/app/v1/workspace/rooms/route.ts"]?.();
    expect(contractOf(rooms?.GET)?.operationId).toBe("listRooms");
    expect(contractOf(rooms?.POST)).not.toBe(OPERATIONS.find((o) => o.operationId === "listRooms"));
  });

  it("tells the 405 fillers of methods() from real handlers", async () => {
    const mod = await modules["/app/v1/workspace/me/route.ts"]?.();
    expect(isNotAllowedFiller(mod?.GET)).toBe(false);
    expect(isNotAllowedFiller(mod?.DELETE)).toBe(true);
  });

  it("every operation has a unique operationId, a success response and a body or query schema when it reads one", () => {
    const ids = OPERATIONS.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of OPERATIONS) {
      expect(Object.keys(op.responses).length, op.operationId).toBeGreaterThan(0);
      if (op.method === "POST" || op.method === "PATCH") {
        expect(Boolean(op.body) !== Boolean(op.noBody), `${op.operationId}: body xor noBody`).toBe(true);
      }
    }
  });
});

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};

describe("GET /v1/openapi.json", () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await call<Doc>("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    doc = res.body;
  });

  it("is OpenAPI 3.1 with every registered operation", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const op of OPERATIONS) {
      const o = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(o, `${op.method} ${op.path}`).toBeDefined();
      expect(o?.operationId).toBe(op.operationId);
    }
  });

  it("is valid against the official OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    // The validator does catch a broken document.
    expect((await new Validator().validate({ openapi: "3.1.0", paths: { x: 1 } })).valid).toBe(false);
  });

  it("declares security on every operation and webhook, each naming a defined scheme (redocly's security-defined)", () => {
    const full = doc as unknown as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      webhooks: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const operations = [
      ...Object.entries(full.paths).flatMap(([p, ops]) =>
        Object.entries(ops).map(([m, o]) => [`${m} ${p}`, o] as const),
      ),
      ...Object.entries(full.webhooks).flatMap(([t, ops]) =>
        Object.entries(ops).map(([m, o]) => [`${m} webhook ${t}`, o] as const),
      ),
    ];
    expect(Object.keys(full.webhooks).length).toBeGreaterThan(5);
    for (const [name, op] of operations) {
      expect(op.security, name).toBeDefined();
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement))
          expect(full.components.securitySchemes, `${name}: ${scheme}`).toHaveProperty(scheme);
    }
    // The workspace API takes a workspace API key as well as a session (docs/decisions/1290).
    expect(full.paths["/v1/workspace/projects"]?.get?.security).toContainEqual({ workspaceKey: [] });
  });

  it("resolves every $ref", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      let node: unknown = doc;
      for (const part of ref.split("/")) node = (node as Record<string, unknown> | undefined)?.[part];
      expect(node, ref).toBeDefined();
    }
  });

  it("describes request bodies with the handlers' own zod schemas", () => {
    const body = doc.paths["/v1/workspace/projects"]?.post?.requestBody as {
      content: { "application/json": { schema: Record<string, unknown> } };
    };
    const { $schema: _, ...expected } = z.toJSONSchema(createProjectBody, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
    });
    expect(body.content["application/json"].schema).toEqual(expected);
    // A rule of the schema shows through: the slug pattern and the name bounds.
    expect(JSON.stringify(body)).toContain("^[a-z0-9-]{3,63}$");
  });

  it("lists each operation's problem codes, roles, idempotency and rate limits", () => {
    const mint = doc.paths["/v1/workspace/projects/{projectId}/api-keys"]?.post as Record<string, unknown>;
    const responses = mint.responses as Record<string, { description: string }>;
    expect(responses["403"]?.description).toContain("forbidden_workspace_role");
    expect(responses["422"]?.description).toContain("idempotency_key_reused");
    expect(responses["429"]?.description).toContain("rate_limited");
    expect(mint["x-roles"]).toEqual(["Owner", "Admin", "Developer"]);
    expect(JSON.stringify(mint.parameters)).toContain("IdempotencyKey");
    const token = doc.paths["/v1/auth/tokens/room"]?.post as Record<string, unknown>;
    expect(JSON.stringify(token["x-rate-limits"])).toContain("room-tokens");
    expect(token.security).toEqual([{ projectKey: [] }]);
    expect(doc.components.schemas?.Problem).toBeDefined();
  });
});

describe("documented responses match live ones", () => {
  let world: World;
  let media: TestMediaPlane;
  beforeAll(async () => {
    // The share link's guest token succeeds only with a media plane: a real Janus on loopback.
    media = await startTestMediaPlane();
    overrideEnvForTests(media.env);
    world = await buildWorld();
  });
  afterAll(async () => {
    overrideEnvForTests({});
    await media.stop();
  });

  it("has a live example for every operation, and each answers a documented status with a matching body", async () => {
    const examples = happyPath(world);
    expect(Object.keys(examples).sort()).toEqual(OPERATIONS.map((o) => o.operationId).sort());
    const doc = (await call<DeclaredHeaders>("GET", "/v1/openapi.json")).body;
    // Registry order keeps dependent calls (mint before rotate before revoke) in sequence.
    for (const op of OPERATIONS as Operation[]) {
      if (!media.available && (MEDIA_PLANE_OPERATIONS as readonly string[]).includes(op.operationId))
        continue;
      const run = examples[op.operationId];
      if (!run) throw new Error(`no example for ${op.operationId}`);
      const res = await run();
      const documented = op.responses[res.status];
      expect(documented, `${op.operationId} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeDefined();
      if (documented?.schema) {
        const parsed = documented.schema.safeParse(res.body);
        expect(parsed.success, `${op.operationId}: ${parsed.error?.message}`).toBe(true);
      } else if (documented?.stream) {
        expect(res.headers.get("content-type"), op.operationId).toContain(documented.stream);
        // Server-sent events open with `ready`; an HLS playlist with its tag.
        expect(res.text, op.operationId).toMatch(
          documented.stream === "text/event-stream" ? /^event: ready\n/ : /^#EXTM3U\n/,
        );
      } else {
        expect(res.text, op.operationId).toBe("");
      }
      // Every header the document declares for this answer is sent (issue 33.5), and a RateLimit
      // field names only policies the operation declares.
      const declared =
        doc.paths[op.path]?.[op.method.toLowerCase()]?.responses?.[String(res.status)]?.headers;
      for (const name of Object.keys(declared ?? {})) {
        expect(res.headers.get(name), `${op.operationId} ${res.status} declares ${name}`).not.toBeNull();
      }
      const limit = res.headers.get("ratelimit");
      if (limit) {
        const allowed = [
          ...(op.auth === "session" ? ["session"] : []),
          ...(op.rateLimits ?? []).map((l) => l.policy.name),
        ];
        const named = [...limit.matchAll(/"([^"]+)";r=\d+;t=\d+/g)].map((m) => m[1]);
        expect(named.length, `${op.operationId}: ${limit}`).toBeGreaterThan(0);
        for (const n of named) expect(allowed, `${op.operationId} announces ${n}`).toContain(n);
      }
    }
    // Over a hundred operations, some of them whole sign-ins (a real OpenID provider's round trip,
    // passkey ceremonies): 30 s is too short on a loaded machine. No duration is asserted.
  }, 120_000);
});

/** The part of the OpenAPI document that declares each answer's headers. */
interface DeclaredHeaders {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>
  >;
}
