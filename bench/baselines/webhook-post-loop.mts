/**
 * Baseline for webhook delivery: a bare undici POST loop to the same loopback HTTPS receiver,
 * `concurrency` requests in flight (the app's embedded worker keeps up to 16), each body signed
 * the way the service signs (HMAC-SHA-256 over ts + "." + body, the X-SVC-Webhook-* headers). No
 * database, no queue, no retries. Prints one JSON line: { sent, ok, ms, per_second }.
 *
 *   tsx bench/baselines/webhook-post-loop.mts <url> <count> <concurrency> <keepalive|close> <ca.pem> <secret>
 */
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import { Agent, request } from "undici";

const [url, countArg, concurrencyArg, mode, caFile, secret] = process.argv.slice(2);
if (
  !url ||
  !countArg ||
  !concurrencyArg ||
  !caFile ||
  !secret ||
  (mode !== "keepalive" && mode !== "close")
) {
  throw new Error(
    "usage: webhook-post-loop.mts <url> <count> <concurrency> <keepalive|close> <ca.pem> <secret>",
  );
}
const target: string = url;
const key: string = secret;
const count = Number(countArg);
const concurrency = Number(concurrencyArg);
const dispatcher = new Agent({ connect: { ca: fs.readFileSync(caFile, "utf8") }, connections: concurrency });

function rfc3339Nano(): string {
  return new Date().toISOString().replace(/\.(\d{3})Z$/, ".$1000000Z");
}

let next = 0;
let ok = 0;
async function worker(): Promise<void> {
  while (next < count) {
    const n = next++;
    const id = `evt_baseline${randomBytes(12).toString("hex")}`;
    const body = JSON.stringify({
      id,
      type: "room.created",
      created_at: new Date().toISOString(),
      org_id: "org_baseline",
      project_id: "prj_baseline",
      data: { object: { id: `rm_baseline${n}`, name: "Baseline room", type: "meeting", state: "created" } },
    });
    const ts = rfc3339Nano();
    const sig = createHmac("sha256", key).update(`${ts}.${body}`).digest("base64").replace(/=+$/, "");
    const res = await request(target, {
      method: "POST",
      dispatcher,
      // close: a new TLS connection per request, as the app's delivery does today.
      reset: mode === "close",
      headers: {
        "content-type": "application/json",
        "x-svc-webhook-id": id,
        "x-svc-webhook-type": "room.created",
        "x-svc-webhook-ts": ts,
        "x-svc-webhook-sig": sig,
        "x-svc-webhook-kid": "v1",
        "x-svc-webhook-attempt": "1",
      },
      body,
    });
    await res.body.text();
    if (res.statusCode >= 200 && res.statusCode < 300) ok++;
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const ms = performance.now() - t0;
await dispatcher.close();
process.stdout.write(
  `${JSON.stringify({ sent: count, ok, ms: Math.round(ms), per_second: (ok / ms) * 1000 })}\n`,
);
