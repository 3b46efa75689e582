import { eq } from "drizzle-orm";
import { apiKeys, deliveries, deliveryAttempts } from "@/db/schema";
import { type ApiKeyScope, displayPrefix, newKeySecret, projectKey } from "@/lib/api-keys/key-format";
import { sha256Hex } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { CreatedWebhook } from "@/lib/webhooks/create-webhook";
import { call } from "./app";
import type { TestOrg } from "./fixtures";

/** A project key row made directly (its hash only), returned in the `svc_pk_<id>.<secret>` form. */
export async function createProjectKey(
  org: Pick<TestOrg, "id" | "projectId">,
  scope: ApiKeyScope = "webhooks:write",
  projectId = org.projectId,
): Promise<string> {
  const db = await getDb();
  const id = newId("apiKey");
  const secret = newKeySecret();
  await db.insert(apiKeys).values({
    id,
    orgId: org.id,
    projectId,
    name: "test key",
    scope,
    grants: ["publish", "subscribe", "record"],
    secretHash: sha256Hex(secret),
    prefix: displayPrefix(secret),
  });
  return projectKey(id, secret);
}

/** Registers an org-wide endpoint through endpoint 9 as the org's Owner. */
export async function registerWebhook(
  org: TestOrg,
  url: string,
  events: string[] = ["room.created"],
): Promise<CreatedWebhook> {
  const res = await call<CreatedWebhook>("POST", "/v1/workspace/webhooks", {
    token: org.members.Owner.token,
    json: { url, events },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function deliveriesOf(endpointId: string) {
  const db = await getDb();
  return db.select().from(deliveries).where(eq(deliveries.endpointId, endpointId));
}

export async function attemptsOf(deliveryId: string) {
  const db = await getDb();
  const rows = await db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, deliveryId));
  return rows.sort((a, b) => a.attempt - b.attempt);
}

/** A room object as a room event carries it (fixtures that emit room events directly). */
export function roomObject(projectId: string, name = "fixture room") {
  return {
    id: newId("room"),
    name,
    type: "meeting" as const,
    state: "ended" as const,
    project_id: projectId,
    short_code: "abc-defg-hij",
    created_at: new Date().toISOString(),
  };
}
