// Runs in an empty project where @svc/sdk was installed from its packed tarball (tests/sdk-package.test.ts).
// Each check prints one JSON line; the test reads them.
import http from "node:http";
import { createWebhookHandler, mintRoomToken, SvcApiError, SvcClient } from "@svc/sdk";

const [url, token] = process.argv.slice(2);
const report = (name, value) => process.stdout.write(`${JSON.stringify({ name, value })}\n`);

// 1. A handler that throws answers 500 (as its README and JSDoc promise), not a rejection.
{
  const handler = createWebhookHandler("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", () => {
    throw new Error("boom");
  });
  const secret = Buffer.from("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "base64");
  const body = JSON.stringify({
    id: "evt_1",
    type: "webhook.test",
    created_at: new Date().toISOString(),
    data: { object: {} },
  });
  const ts = Math.floor(Date.now() / 1000);
  const { createHmac } = await import("node:crypto");
  const sig = createHmac("sha256", secret).update(`evt_1.${ts}.${body}`).digest("base64");
  const origError = console.error;
  console.error = () => {};
  let status;
  try {
    const res = await handler(
      new Request("http://x/hook", {
        method: "POST",
        body,
        headers: { "webhook-id": "evt_1", "webhook-timestamp": String(ts), "webhook-signature": `v1,${sig}` },
      }),
    );
    status = res.status;
  } catch (err) {
    status = `rejected: ${err}`;
  } finally {
    console.error = origError;
  }
  report("handler-throws", status);
}

// 2. webhooks.listen() goes through the client's fetch and keeps code, errors[] and requestId.
{
  const seen = [];
  const svc = new SvcClient({
    baseUrl: url,
    sessionToken: token,
    fetch: (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    },
  });
  try {
    for await (const _ of svc.webhooks.listen({ events: ["typo"] })) break;
    report("listen-error", "no error");
  } catch (err) {
    report("listen-error", {
      isApiError: err instanceof SvcApiError,
      code: err.code,
      errors: err.errors,
      requestId: err.requestId,
      viaClientFetch: seen.some((u) => u.includes("/v1/workspace/webhooks/listen")),
    });
  }
}

// 3. Minting while the media plane is down fails fast: one attempt, Retry-After kept on the error.
{
  let attempts = 0;
  const down = http.createServer((_req, res) => {
    attempts++;
    res.writeHead(503, {
      "content-type": "application/problem+json",
      "retry-after": "5",
      "x-request-id": "req-503",
    });
    res.end(
      JSON.stringify({
        type: "/problems/service_unavailable",
        title: "Service unavailable",
        status: 503,
        detail: "The media plane is unavailable.",
        code: "service_unavailable",
      }),
    );
  });
  await new Promise((resolve) => down.listen(0, "127.0.0.1", resolve));
  try {
    await mintRoomToken(
      { roomId: "rm_x", identity: "alice", role: "publisher" },
      { baseUrl: `http://127.0.0.1:${down.address().port}`, projectKey: "svc_pk_key_x.svc_live_x" },
    );
    report("mint-down", "no error");
  } catch (err) {
    report("mint-down", { code: err.code, retryAfter: err.retryAfter, requestId: err.requestId, attempts });
  } finally {
    down.close();
  }
}
