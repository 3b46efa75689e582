import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomTokenSnippets, webhookVerifySnippets } from "@/app/_lib/snippets";
import { roomTokenBody } from "@/lib/tokens/room-token-schema";
import { rfc3339Nano, signWebhook } from "@/lib/webhooks/sign";

/**
 * The console's integration code is run, not just read: each webhook-verification snippet checks a
 * delivery signed by the service's own signer, and each room-token snippet sends its request to a
 * local server that records it. Go runs where a Go toolchain is installed.
 */
const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-snippets-"));
const has = (bin: string) => fs.existsSync(`/usr/bin/${bin}`) || fs.existsSync(`/usr/local/bin/${bin}`);
const python = process.env.PYTHON ?? "python3";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2KOJJqDSiNM=";
const body = JSON.stringify({ id: "evt_1", type: "room.created", data: { object: { id: "rm_1" } } });

function delivery(ts = rfc3339Nano(), raw = body) {
  return { ts, sig: signWebhook(SECRET, ts, raw), raw };
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("webhook verification snippets", () => {
  const snippets = webhookVerifySnippets({ endpointId: "wh_123", kid: "v2" });
  const stale = rfc3339Nano(Date.now() - 10 * 60 * 1000);

  it("name the endpoint and key id and read the secret from the environment when it is not on screen", () => {
    for (const code of Object.values(snippets)) {
      expect(code).toContain("wh_123");
      expect(code).toContain("SVC_WEBHOOK_SECRET");
      expect(code).not.toContain("whsec_");
    }
    const shown = webhookVerifySnippets({ endpointId: "wh_123", kid: "v2", secret: SECRET });
    expect(shown.node).toContain(SECRET);
  });

  it("Node: accepts a real delivery, refuses a changed body and a stale timestamp", async () => {
    const file = path.join(dir, "verify.mjs");
    fs.writeFileSync(file, snippets.node);
    const { verifySvcWebhook } = (await import(file)) as {
      verifySvcWebhook: (h: Record<string, string>, raw: Buffer, secret: string) => boolean;
    };
    const ok = delivery();
    const headers = (d: typeof ok) => ({ "x-svc-webhook-ts": d.ts, "x-svc-webhook-sig": d.sig });
    expect(verifySvcWebhook(headers(ok), Buffer.from(ok.raw), SECRET)).toBe(true);
    expect(verifySvcWebhook(headers(ok), Buffer.from(`${ok.raw} `), SECRET)).toBe(false);
    expect(verifySvcWebhook(headers(delivery(stale)), Buffer.from(body), SECRET)).toBe(false);
    expect(
      verifySvcWebhook(
        { "x-svc-webhook-ts": "nonsense", "x-svc-webhook-sig": ok.sig },
        Buffer.from(body),
        SECRET,
      ),
    ).toBe(false);
  });

  it("Python: the same three answers", async () => {
    const file = path.join(dir, "verify.py");
    const cases = [delivery(), { ...delivery(), raw: `${body} ` }, delivery(stale)];
    fs.writeFileSync(
      file,
      `${snippets.python}\n\nimport json, sys\nfor c in json.load(sys.stdin):\n    print(verify_svc_webhook({"X-SVC-Webhook-Ts": c["ts"], "X-SVC-Webhook-Sig": c["sig"]}, c["raw"].encode(), ${JSON.stringify(SECRET)}))\n`,
    );
    const child = execFile(python, [file]);
    child.stdin?.end(JSON.stringify(cases));
    let out = "";
    child.stdout?.on("data", (c) => (out += c));
    const code = await new Promise((r) => child.on("exit", r));
    expect(code).toBe(0);
    expect(out.trim().split("\n")).toEqual(["True", "False", "False"]);
  });

  it.skipIf(!has("openssl"))(
    "Shell (openssl): valid for a real delivery, not for another key id",
    async () => {
      const ok = delivery();
      fs.writeFileSync(path.join(dir, "body.json"), ok.raw);
      const env = { ...process.env, SVC_WEBHOOK_SECRET: SECRET, TS: ok.ts, SIG: ok.sig, KID: "v2" };
      const good = await run("bash", ["-c", snippets.curl], { cwd: dir, env });
      expect(good.stdout.trim()).toBe("valid");
      const bad = await run("bash", ["-c", snippets.curl], { cwd: dir, env: { ...env, KID: "v1" } });
      expect(bad.stdout.trim()).toBe("not from SVC");
    },
  );

  it.skipIf(!has("go"))("Go: accepts a real delivery", async () => {
    const mod = path.join(dir, "gocheck");
    fs.mkdirSync(path.join(mod, "svcwebhook"), { recursive: true });
    fs.writeFileSync(path.join(mod, "go.mod"), "module gocheck\n\ngo 1.21\n");
    fs.writeFileSync(path.join(mod, "svcwebhook", "verify.go"), snippets.go);
    const ok = delivery();
    fs.writeFileSync(
      path.join(mod, "main.go"),
      `package main\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"gocheck/svcwebhook"\n)\n\nfunc main() {\n\th := http.Header{}\n\th.Set("X-SVC-Webhook-Ts", ${JSON.stringify(ok.ts)})\n\th.Set("X-SVC-Webhook-Sig", ${JSON.stringify(ok.sig)})\n\tfmt.Println(svcwebhook.Verify(h, []byte(${JSON.stringify(ok.raw)})), svcwebhook.Verify(h, []byte("x")))\n}\n`,
    );
    const out = await run("go", ["run", "."], {
      cwd: mod,
      env: { ...process.env, SVC_WEBHOOK_SECRET: SECRET },
    });
    expect(out.stdout.trim()).toBe("true false");
  });
});

describe("room-token snippets", () => {
  const seen: { method?: string; url?: string; auth?: string; type?: string; body: string }[] = [];
  let server: http.Server;
  let baseUrl = "";
  const KEY = "svc_pk_key_abc.svc_live_0123456789abcdefghijklmnopqrstuv";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let b = "";
      req.on("data", (c) => (b += c));
      req.on("end", () => {
        seen.push({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization,
          type: req.headers["content-type"],
          body: b,
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ token: "eyJ.test", expires_at: "2026-11-22T11:00:00.000Z" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("never carry a key that is not on screen, and carry it while it is", () => {
    const hidden = roomTokenSnippets({
      baseUrl: "http://x",
      room: "rm_1",
      role: "publisher",
      keyHint: "Backend",
    });
    for (const code of Object.values(hidden)) {
      expect(code).toContain("rm_1");
      expect(code).not.toMatch(/svc_(pk|live)_/);
      expect(code).toContain("Backend");
    }
    const shown = roomTokenSnippets({
      baseUrl: "http://x",
      room: "rm_1",
      role: "publisher",
      projectKey: KEY,
    });
    for (const code of Object.values(shown)) expect(code).toContain(KEY);
  });

  it("curl, Node and Python each send the request the room-token endpoint accepts", async () => {
    const s = roomTokenSnippets({ baseUrl, room: "rm_room1", role: "broadcaster" });
    const env = { ...process.env, SVC_PROJECT_KEY: KEY };
    await run("bash", ["-c", s.curl], { env });
    const nodeFile = path.join(dir, "mint.mjs");
    fs.writeFileSync(nodeFile, `${s.node}\nconsole.log(token);\n`);
    expect((await run(process.execPath, [nodeFile], { env })).stdout.trim()).toBe("eyJ.test");
    const pyFile = path.join(dir, "mint.py");
    fs.writeFileSync(pyFile, `${s.python}\nprint(token)\n`);
    expect((await run(python, [pyFile], { env })).stdout.trim()).toBe("eyJ.test");

    expect(seen).toHaveLength(3);
    for (const r of seen) {
      expect(r.method).toBe("POST");
      expect(r.url).toBe("/v1/auth/tokens/room");
      expect(r.auth).toBe(`Bearer ${KEY}`);
      expect(r.type).toBe("application/json");
      const parsed = roomTokenBody.safeParse(JSON.parse(r.body));
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({ roomId: "rm_room1", role: "broadcaster" });
    }
  });
});
