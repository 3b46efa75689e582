import { describe, expect, it } from "vitest";
import { apiKeys, webhookEndpoints } from "@/db/schema";
import { API_KEYS_LIST_MAX } from "@/lib/api-keys/list-cap";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { WEBHOOKS_LIST_MAX } from "@/lib/webhooks/list-webhooks";
import { call } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";

/**
 * Issue 39 item 5 (docs/decisions/1059): the webhook and API-key lists return `items` only, so
 * they are bounded: the newest ones, never the whole table in one answer.
 */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000);

describe("bounded lists", () => {
  it(`GET /v1/workspace/webhooks answers the newest ${WEBHOOKS_LIST_MAX}`, async () => {
    const org = await createOrg();
    const db = await getDb();
    const rows = Array.from({ length: WEBHOOKS_LIST_MAX + 5 }, (_, i) => ({
      id: newId("webhook"),
      orgId: org.id,
      url: `https://hooks.example.com/${i}`,
      events: ["room.created" as const],
      createdAt: at(i),
    }));
    await db.insert(webhookEndpoints).values(rows);
    const res = await call<{ items: { id: string }[] }>("GET", "/v1/workspace/webhooks", {
      token: org.members.Viewer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(WEBHOOKS_LIST_MAX);
    expect(res.body.items[0]?.id).toBe(rows[rows.length - 1]?.id);
    expect(res.body.items.map((w) => w.id)).not.toContain(rows[0]?.id);
  });

  it(`a project's API keys answer the newest ${API_KEYS_LIST_MAX}`, async () => {
    const org = await createOrg();
    const db = await getDb();
    const rows = Array.from({ length: API_KEYS_LIST_MAX + 5 }, (_, i) => ({
      id: newId("apiKey"),
      orgId: org.id,
      projectId: org.projectId,
      name: `k${i}`,
      scope: "all" as const,
      grants: ["publish" as const],
      secretHash: `${i}`.padStart(64, "0"),
      prefix: "svc_live_abcd",
      createdAt: at(i),
    }));
    await db.insert(apiKeys).values(rows);
    const res = await call<{ items: { id: string }[] }>(
      "GET",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      { token: org.members.Viewer.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(API_KEYS_LIST_MAX);
    expect(res.body.items[0]?.id).toBe(rows[rows.length - 1]?.id);
  });
});
