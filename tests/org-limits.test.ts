import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overrideEnvForTests } from "@/lib/env";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { createProjectKey } from "./helpers/webhook-fixtures";

/**
 * Per-org limits (docs/decisions/1025): webhook endpoints and API keys not revoked. Reaching one is
 * 409 `limit_reached` (problem+json); deleting or revoking frees a place; other orgs are unaffected.
 */

type Json = Record<string, unknown>;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  overrideEnvForTests({ SVC_ORG_MAX_WEBHOOK_ENDPOINTS: "2", SVC_ORG_MAX_API_KEYS: "2" });
  a = await createOrg();
  b = await createOrg();
});
afterAll(() => overrideEnvForTests({}));

const hook = (org: TestOrg, n: number) =>
  call<Json>("POST", "/v1/workspace/webhooks", {
    token: org.members.Owner.token,
    json: { url: `https://hooks.example.com/${n}`, events: ["room.created"] },
  });

const key = (org: TestOrg, n: number) =>
  call<Json>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
    token: org.members.Owner.token,
    json: { name: `key ${n}` },
  });

describe("per-org limits", () => {
  it("refuses a webhook endpoint past the limit with 409 limit_reached, on both registration routes", async () => {
    const first = await hook(a, 1);
    expect(first.status).toBe(201);
    expect((await hook(a, 2)).status).toBe(201);
    const refused = await hook(a, 3);
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body).toMatchObject({ status: 409, code: "limit_reached" });
    // Endpoint 15 (project key) counts against the same limit.
    const projectKey = await createProjectKey(a);
    const viaKey = await call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${projectKey}` },
      json: { url: "https://hooks.example.com/k", events: ["room.ended"] },
    });
    expect(viaKey.status).toBe(409);
    expect(viaKey.body).toMatchObject({ code: "limit_reached" });
    // Another org is not affected; deleting an endpoint frees a place.
    expect((await hook(b, 1)).status).toBe(201);
    const deleted = await call("DELETE", `/v1/workspace/webhooks/${String(first.body.id)}`, {
      token: a.members.Owner.token,
    });
    expect(deleted.status).toBe(204);
    expect((await hook(a, 4)).status).toBe(201);
  });

  it("refuses an API key past the limit; a revoked key frees its place", async () => {
    // createProjectKey above made one key of org a's project.
    const first = await key(a, 1);
    expect(first.status).toBe(201);
    const refused = await key(a, 2);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "limit_reached" });
    expect((await key(b, 1)).status).toBe(201);
    const revoked = await call(
      "DELETE",
      `/v1/workspace/projects/${a.projectId}/api-keys/${String(first.body.id)}`,
      {
        token: a.members.Owner.token,
      },
    );
    expect(revoked.status).toBe(204);
    expect((await key(a, 3)).status).toBe(201);
  });
});
