import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDueDeliveries } from "@/lib/webhooks/delivery/claim";
import { type PostResult, postWebhook } from "@/lib/webhooks/delivery/post-webhook";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type HttpsReceiver, startHttpsReceiver, testCertificate } from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf, registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/**
 * An attempt is counted only when it was sent (docs/decisions/1024): the deadline starts when the
 * request has its socket, and a request that never got one (every connection to the host busy)
 * is not an attempt. Before, the wait for a socket counted toward the 10 s, and an attempt that
 * never left was recorded as a timeout.
 */

/** The delivery agent opens at most this many sockets per host (lib/webhooks/delivery/post-webhook.ts). */
const SOCKETS_PER_HOST = 16;

let rx: HttpsReceiver;
let org: TestOrg;
const hanging: Promise<PostResult>[] = [];

/** Takes every socket to the receiver's host with requests it never answers (until `ms`). */
async function saturate(ms: number): Promise<void> {
  const before = rx.requests.length;
  for (let i = 0; i < SOCKETS_PER_HOST; i++) {
    hanging.push(postWebhook(rx.url, { "x-fill": String(i) }, "{}", { timeoutMs: ms }));
  }
  await rx.waitForRequests(before + SOCKETS_PER_HOST);
}

beforeAll(async () => {
  overrideEnvForTests({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile });
  rx = await startHttpsReceiver();
  rx.respond((r) => (r.headers["x-fill"] !== undefined ? { status: 200, hang: true } : { status: 200 }));
  org = await createOrg();
});

afterAll(async () => {
  await Promise.allSettled(hanging);
  await rx.close();
  overrideEnvForTests({});
});

describe("an attempt counted only when sent", () => {
  it("reports a request that never got a socket as not sent, not as a timeout", async () => {
    await saturate(3_000);
    const seen = rx.requests.length;
    const result = await postWebhook(rx.url, { "x-probe": "1" }, "{}", { timeoutMs: 300 });
    expect(result.notSent).toBe(true);
    expect(result.errorClass).not.toBe("timeout");
    // Nothing reached the receiver.
    expect(rx.requests.length).toBe(seen);
  });

  it("does not count or log a delivery attempt that was never sent, and sends it later", async () => {
    await Promise.allSettled(hanging);
    overrideEnvForTests({
      SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
      SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: "300",
    });
    const w = await registerWebhook(org, rx.url, ["room.created"]);
    const db = await getDb();
    await transactionWithJobs(db, (tx) =>
      recordEvent(tx, {
        type: "room.created",
        orgId: org.id,
        projectId: org.projectId,
        object: roomObject(org.projectId),
      }),
    );
    const [row] = (await claimDueDeliveries(db, new Date(Date.now() + 1_000), 50)).filter(
      (r) => r.endpointId === w.id,
    );
    if (!row) throw new Error("no delivery claimed");
    await saturate(3_000);
    const report = await runClaimedAttempt(db, row);
    expect(report).toMatchObject({ attempt: 0, state: "pending", throttled: true });
    const [d] = await deliveriesOf(w.id);
    expect(d?.attemptCount).toBe(0);
    expect(await attemptsOf(row.id)).toEqual([]);

    // Once the host's sockets are free, the same attempt number is made and counted.
    await Promise.allSettled(hanging);
    const [again] = (await claimDueDeliveries(db, new Date(Date.now() + 2_000), 50)).filter(
      (r) => r.id === row.id,
    );
    if (!again) throw new Error("the delivery did not come due again");
    expect(await runClaimedAttempt(db, again)).toMatchObject({ attempt: 1, state: "succeeded" });
    const [sent] = rx.requests.filter((r) => r.headers["x-svc-webhook-id"] === row.webhookId);
    expect(sent?.headers["x-svc-webhook-attempt"]).toBe("1");
  });
});
