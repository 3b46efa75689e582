import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * /api/inngest in production mode (Inngest Cloud or a self-hosted server): every request must carry
 * a valid `X-Inngest-Signature`, HMAC-SHA256 over body + timestamp with the signing key.
 */
const SIGNING_KEY = `signkey-test-${"ab12".repeat(16)}`;
type Handler = (req: Request, ctx: unknown) => Promise<Response>;
let route: { GET: Handler; POST: Handler; PUT: Handler };

/** RFC 8785-style canonical JSON (sorted keys), which the SDK signs a parsed body as. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function sign(body: string, key = SIGNING_KEY, ts = Math.floor(Date.now() / 1000)): string {
  const raw = key.replace(/^signkey-\w+-/, "");
  const data = body === "" ? "" : canonical(JSON.parse(body));
  const mac = createHmac("sha256", raw).update(data).update(String(ts)).digest("hex");
  return `t=${ts}&s=${mac}`;
}

beforeAll(async () => {
  vi.stubEnv("INNGEST_SIGNING_KEY", SIGNING_KEY);
  vi.stubEnv("INNGEST_EVENT_KEY", "test-event-key");
  vi.stubEnv("INNGEST_DEV", "0");
  vi.resetModules();
  // A fresh module graph: the env module and the Inngest client read the stubbed settings.
  route = (await import("@/app/api/inngest/route")) as unknown as typeof route;
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const url = "http://localhost:3000/api/inngest?fnId=svc-control-plane-nope&stepId=step";
const body = JSON.stringify({
  event: { name: "x", data: {} },
  events: [],
  steps: {},
  ctx: { run_id: "r1", attempt: 0 },
});

function post(signature?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature) headers["x-inngest-signature"] = signature;
  return route.POST(new Request(url, { method: "POST", headers, body }), {});
}

describe("/api/inngest request signatures", () => {
  it("rejects an unsigned call, a wrong key and an expired signature with 401", async () => {
    expect((await post()).status).toBe(401);
    expect((await post(sign(body, `signkey-test-${"cd34".repeat(16)}`))).status).toBe(401);
    expect((await post(sign(body, SIGNING_KEY, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
    expect((await post(sign(body.replace('"x"', '"y"')))).status).toBe(401);
  });

  it("accepts a correctly signed call (it then fails only because the function does not exist)", async () => {
    const res = await post(sign(body));
    expect(res.status).not.toBe(401);
    expect(await res.text()).toMatch(/function|not found|nope/i);
  });

  it("introspection reports authentication only for a signed request", async () => {
    const unsigned = await route.GET(new Request("http://localhost:3000/api/inngest"), {});
    const unsignedBody = (await unsigned.json()) as { authentication_succeeded?: boolean | null };
    expect(unsignedBody.authentication_succeeded).not.toBe(true);
    const signed = await route.GET(
      new Request("http://localhost:3000/api/inngest", { headers: { "x-inngest-signature": sign("") } }),
      {},
    );
    const signedBody = (await signed.json()) as {
      authentication_succeeded?: boolean;
      function_count?: number;
    };
    expect(signedBody.authentication_succeeded).toBe(true);
    expect(signedBody.function_count).toBeGreaterThanOrEqual(2);
  });
});
