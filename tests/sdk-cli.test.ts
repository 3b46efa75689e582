import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { totpCodeAt } from "@/lib/auth/two-factor/totp-code";
import { type Io, main } from "../packages/sdk/src/cli/main";
import { SvcClient, verifyWebhook } from "../packages/sdk/src/index";
import { call } from "./helpers/app";
import { startAppServer } from "./helpers/app-server";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";
import { until } from "./helpers/wait";

/** The `svc` command, run in-process against the real handlers behind an HTTP server. */
let app: { url: string; close: () => Promise<void> };
let org: TestOrg;
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-cli-"));

function io(stdin = "", signal?: AbortSignal) {
  const out: string[] = [];
  const err: string[] = [];
  const value: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    stdin: Readable.from([stdin]),
    env: { url: undefined, sessionToken: undefined, projectKey: undefined, configDir },
    signal,
  };
  return { io: value, out, err };
}

beforeAll(async () => {
  app = await startAppServer();
  org = await createOrg({ name: "CLI Org" });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

describe("svc", () => {
  it("login saves the session (mode 0600); a wrong password exits 1 with the API's code", async () => {
    const bad = io("wrong\n");
    expect(
      await main(
        ["login", "--url", app.url, "--email", org.members.Developer.email, "--password-stdin"],
        bad.io,
      ),
    ).toBe(1);
    expect(bad.err.join("\n")).toContain("invalid_credentials");
    const ok = io(`${FIXTURE_PASSWORD}\n`);
    expect(
      await main(
        ["login", "--url", app.url, "--email", org.members.Developer.email, "--password-stdin"],
        ok.io,
      ),
    ).toBe(0);
    expect(ok.out.join("\n")).toContain("Developer of CLI Org");
    const file = path.join(configDir, "config.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({
      url: app.url,
      sessionToken: expect.any(String),
    });
  });

  it("projects and rooms: create and list", async () => {
    const p = io();
    expect(await main(["projects", "create", "--name", "From the CLI", "--json"], p.io)).toBe(0);
    const project = JSON.parse(p.out.join("\n")) as { id: string };
    const r = io();
    expect(await main(["rooms", "create", "--project", project.id, "--name", "CLI room"], r.io)).toBe(0);
    expect(r.out[0]).toMatch(/^Created room rm_\w+: share code [a-z]{3}-[a-z]{4}-[a-z]{3}\.$/);
    const list = io();
    expect(await main(["rooms", "list", "--project", project.id], list.io)).toBe(0);
    expect(list.out[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATE/);
    expect(list.out.join("\n")).toContain("CLI room");
    const projects = io();
    expect(await main(["projects", "list", "--json"], projects.io)).toBe(0);
    expect((JSON.parse(projects.out.join("\n")) as { id: string }[]).map((x) => x.id)).toContain(project.id);
  });

  it("token prints a room token minted with the project key", async () => {
    const minted = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
      token: org.members.Owner.token,
      json: { name: "cli", scope: "rooms:write" },
    });
    const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    const t = io();
    expect(
      await main(
        ["token", "--room", room.body.id, "--identity", "alice", "--key", minted.body.project_key],
        t.io,
      ),
    ).toBe(0);
    expect(t.out[0]?.split(".")).toHaveLength(3);
    expect(t.err[0]).toMatch(/^expires at /);
    const missing = io();
    expect(await main(["token", "--room", room.body.id, "--identity", "alice"], missing.io)).toBe(2);
    expect(missing.err[0]).toContain("project key");
  });

  it("bad usage exits 2 with a message; API errors exit 1", async () => {
    const unknown = io();
    expect(await main(["frobnicate"], unknown.io)).toBe(2);
    const badFlag = io();
    expect(await main(["rooms", "list", "--nope"], badFlag.io)).toBe(2);
    const noForward = io();
    expect(await main(["listen"], noForward.io)).toBe(2);
    const notUrl = io();
    expect(await main(["listen", "--forward-to", "not a url"], notUrl.io)).toBe(2);
    const missingWebhook = io();
    expect(await main(["webhooks", "test", "wh_nope"], missingWebhook.io)).toBe(1);
    expect(missingWebhook.err[0]).toContain("404 not_found");
  });

  it("listen forwards a room.created to a local receiver, signed with the printed secret", async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200);
        res.end("ok");
      });
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const stop = new AbortController();
    const l = io("", stop.signal);
    const running = main(["listen", "--forward-to", target, "--events", "room.created"], l.io);
    try {
      await until("listen ready", () => l.out.some((x) => x.includes("signing secret")));
      const secret = /whsec_\S+/.exec(l.out.join("\n"))?.[0] ?? "";
      const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
        token: org.members.Owner.token,
        json: { project_id: org.projectId, name: "Forwarded" },
      });
      await until("forwarded", () => received.length > 0 && l.out.some((x) => x.includes("<-- 200")));
      const [first] = received;
      if (!first) throw new Error("nothing received");
      const event = await verifyWebhook(first.body, first.headers, secret);
      expect(event.type).toBe("room.created");
      expect(event.type === "room.created" && event.data.object.id).toBe(room.body.id);
      expect(l.out.find((x) => x.includes("<-- 200"))).toMatch(
        /--> room\.created rm_\w+ \[evt_\w+\]\s+<-- 200/,
      );
    } finally {
      stop.abort();
      expect(await running).toBe(0);
      receiver.close();
    }
  });

  it("webhooks test schedules a test event of the type asked for", async () => {
    const hook = await call<{ id: string }>("POST", "/v1/workspace/webhooks", {
      token: org.members.Owner.token,
      json: { url: "https://receiver.test/hooks", events: ["room.ended"] },
    });
    expect(hook.status, hook.text).toBe(201);
    const t = io();
    expect(await main(["webhooks", "test", hook.body.id, "--event", "room.ended"], t.io)).toBe(0);
    expect(t.out[0]).toMatch(new RegExp(`^Scheduled room\\.ended delivery dlv_\\w+ to ${hook.body.id}\\.$`));
    const bad = io();
    expect(await main(["webhooks", "test", hook.body.id, "--event", "nope"], bad.io)).toBe(1);
    expect(bad.err[0]).toContain("422 validation_failed");
  });

  it("listen reports a local receiver that cannot be reached, and keeps going", async () => {
    const closed = http.createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const target = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`;
    closed.close();
    await once(closed, "close");
    const stop = new AbortController();
    const l = io("", stop.signal);
    const running = main(["listen", "--forward-to", target, "--events", "room.created"], l.io);
    try {
      await until("listen ready", () => l.out.some((x) => x.includes("signing secret")));
      for (const name of ["first", "second"]) {
        await call("POST", "/v1/workspace/rooms", {
          token: org.members.Owner.token,
          json: { project_id: org.projectId, name },
        });
      }
      await until("two failed forwards", () => l.out.filter((x) => x.includes("<-- failed")).length === 2);
    } finally {
      stop.abort();
      expect(await running).toBe(0);
    }
  });

  it("logout ends the session; commands then ask to log in", async () => {
    const out = io();
    expect(await main(["logout"], out.io)).toBe(0);
    const after = io();
    expect(await main(["projects", "list"], after.io)).toBe(2);
    expect(after.err[0]).toContain("svc login");
  });
});

/** Issue 49: credentials for automation, and `svc listen` as forgiving as `stripe listen`. */
describe("svc for automation and a forgiving listen", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-cli-49-"));
  let owner: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => {
    owner = org.members.Owner.token;
  });

  function as(env: Partial<Io["env"]> = {}, stdin = "", signal?: AbortSignal) {
    const t = io(stdin, signal);
    t.io.env = { url: app.url, sessionToken: owner, projectKey: undefined, configDir: dir, ...env };
    return t;
  }

  /** A local receiver; `hold` keeps a request unanswered until `release()`. */
  async function receiver(
    hold: (body: { type: string; data: { object: Record<string, unknown> } }) => boolean = () => false,
  ) {
    const received: { type: string; object: Record<string, unknown>; test?: boolean }[] = [];
    const held: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          type: string;
          test?: boolean;
          data: { object: Record<string, unknown> };
        };
        received.push({ type: body.type, object: body.data.object, test: body.test });
        if (hold(body)) held.push(res);
        else res.writeHead(204).end();
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
      received,
      release: () => {
        for (const res of held.splice(0)) res.writeHead(204).end();
      },
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }

  const createRoom = async (name: string) => {
    const res = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: owner,
      json: { project_id: org.projectId, name },
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.body.id;
  };

  it("login --api-key-stdin saves a workspace key, and SVC_API_KEY works without any sign-in", async () => {
    const key = await call<{ key: string }>("POST", "/v1/workspace/keys", {
      token: owner,
      json: { name: "cli", role: "Developer" },
    });
    const login = as({ sessionToken: undefined }, `${key.body.key}\n`);
    expect(await main(["login", "--url", app.url, "--api-key-stdin"], login.io)).toBe(0);
    expect(login.out[0]).toContain("Saved workspace key cli");
    const saved = JSON.parse(fs.readFileSync(path.join(dir, "config.json"), "utf8")) as { apiKey?: string };
    expect(saved.apiKey).toBe(key.body.key);
    const list = as({ sessionToken: undefined });
    expect(await main(["projects", "list", "--json"], list.io)).toBe(0);
    const viaEnv = as({
      sessionToken: undefined,
      apiKey: key.body.key,
      configDir: fs.mkdtempSync(path.join(dir, "e-")),
    });
    expect(await main(["webhooks", "list", "--json"], viaEnv.io)).toBe(0);
    const wrong = as({ sessionToken: undefined }, "svc_pk_nope\n");
    expect(await main(["login", "--url", app.url, "--api-key-stdin"], wrong.io)).toBe(2);
  });

  it("rooms end ends a room; webhooks list shows the endpoints", async () => {
    const roomId = await createRoom("To end");
    const end = as();
    expect(await main(["rooms", "end", roomId], end.io)).toBe(0);
    expect(end.out[0]).toMatch(new RegExp(`^Ended room ${roomId} \\(`));
    const again = as();
    expect(await main(["rooms", "end", roomId], again.io)).toBe(1);
    const hook = await call<{ id: string }>("POST", "/v1/workspace/webhooks", {
      token: owner,
      json: { url: "https://receiver.test/listed", events: ["room.ended"] },
    });
    const list = as();
    expect(await main(["webhooks", "list"], list.io)).toBe(0);
    expect(list.out[0]).toMatch(/^ID\s+URL\s+EVENTS\s+PROJECT\s+STATE$/);
    expect(
      list.out.some((l) => l.startsWith(hook.body.id) && l.includes("https://receiver.test/listed")),
    ).toBe(true);
  });

  it("listen signs with one secret per device, across runs", async () => {
    const secrets: string[] = [];
    for (let run = 0; run < 2; run++) {
      const stop = new AbortController();
      const l = as({}, "", stop.signal);
      const running = main(["listen", "--forward-to", "http://127.0.0.1:9/x"], l.io);
      await until("ready", () => l.out.some((x) => x.includes("signing secret")));
      secrets.push(/whsec_\S+/.exec(l.out.join("\n"))?.[0] ?? "");
      stop.abort();
      expect(await running).toBe(0);
    }
    expect(secrets[0]).toMatch(/^whsec_/);
    expect(secrets[1]).toBe(secrets[0]);
    const saved = JSON.parse(fs.readFileSync(path.join(dir, "config.json"), "utf8")) as {
      listenSecret?: string;
    };
    expect(saved.listenSecret).toBe(secrets[0]);
  });

  it("listen reconnects when the service goes away and resumes after the last event forwarded", async () => {
    const appPort = Number(new URL(app.url).port);
    const sockets = new Set<net.Socket>();
    let refusing = false;
    const proxy = net.createServer((client) => {
      if (refusing) return void client.destroy();
      const upstream = net.connect(appPort, "127.0.0.1");
      sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      for (const s of [client, upstream]) s.on("error", drop).on("close", drop);
      client.pipe(upstream).pipe(client);
    });
    proxy.listen(0, "127.0.0.1");
    await once(proxy, "listening");
    const rx = await receiver();
    const stop = new AbortController();
    const l = as({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` }, "", stop.signal);
    const running = main(["listen", "--forward-to", rx.url, "--events", "room.created"], l.io);
    try {
      await until("ready", () => l.out.some((x) => x.includes("signing secret")));
      const before = await createRoom("Before the restart");
      await until("first forward", () => rx.received.some((r) => r.object.id === before));
      // The service "restarts": every connection drops and new ones are refused for a while.
      refusing = true;
      for (const s of sockets) s.destroy();
      await until("reconnecting", () => l.err.some((x) => x.includes("reconnecting in")));
      const away = await createRoom("While away");
      refusing = false;
      await until("resumed", () => l.out.some((x) => x.includes("resuming after the last event forwarded")));
      await until("the event from while away", () => rx.received.some((r) => r.object.id === away));
      expect(rx.received.filter((r) => r.object.id === before)).toHaveLength(1);
    } finally {
      stop.abort();
      expect(await running).toBe(0);
      rx.close();
      proxy.close();
    }
  });

  it("listen forwards in parallel, in order per room: a slow room delays only itself", async () => {
    const rx = await receiver((b) => b.type === "room.created" && b.data.object.name === "Slow");
    const stop = new AbortController();
    const l = as({}, "", stop.signal);
    const running = main(["listen", "--forward-to", rx.url, "--events", "room.created,room.ended"], l.io);
    try {
      await until("ready", () => l.out.some((x) => x.includes("signing secret")));
      const slow = await createRoom("Slow");
      await until("slow room held", () => rx.received.some((r) => r.object.id === slow));
      const fast = await createRoom("Fast");
      await call("POST", `/v1/workspace/rooms/${slow}/end`, { token: owner });
      // The other room passes the held one; the held room's next event waits for it.
      await until("fast forwarded", () => l.out.some((x) => x.includes(fast) && x.includes("<-- 204")));
      expect(rx.received.some((r) => r.type === "room.ended" && r.object.id === slow)).toBe(false);
      rx.release();
      await until("slow room's end", () =>
        rx.received.some((r) => r.type === "room.ended" && r.object.id === slow),
      );
      const slowOnes = rx.received.filter((r) => r.object.id === slow).map((r) => r.type);
      expect(slowOnes).toEqual(["room.created", "room.ended"]);
    } finally {
      stop.abort();
      expect(await running).toBe(0);
      rx.close();
    }
  });

  it("trigger records a test event that listen forwards", async () => {
    const rx = await receiver();
    const stop = new AbortController();
    const l = as({}, "", stop.signal);
    const running = main(["listen", "--forward-to", rx.url, "--events", "recording.ready"], l.io);
    try {
      await until("ready", () => l.out.some((x) => x.includes("signing secret")));
      const t = as();
      expect(await main(["trigger", "recording.ready"], t.io)).toBe(0);
      expect(t.out[0]).toMatch(/^Triggered a test recording\.ready \(delivery dlv_\w+ to wh_\w+\)/);
      await until("forwarded", () => rx.received.some((r) => r.type === "recording.ready"));
      expect(rx.received.find((r) => r.type === "recording.ready")?.test).toBe(true);
      const bad = as();
      expect(await main(["trigger", "nope.nope"], bad.io)).toBe(1);
      expect(bad.err.join("\n")).toContain("422 validation_failed");
    } finally {
      stop.abort();
      expect(await running).toBe(0);
      rx.close();
    }
  });

  it("login asks for the second factor: a code, then a recovery code; a wrong one exits 1 (issue 46)", async () => {
    const m = org.members.Billing;
    const start = await call<{ secret: string }>("POST", "/v1/workspace/me/totp", { token: m.token });
    const on = await call<{ recovery_codes: string[] }>("POST", "/v1/workspace/me/totp/confirm", {
      token: m.token,
      json: { code: totpCodeAt(start.body.secret) },
    });
    const args = ["login", "--url", app.url, "--email", m.email, "--password-stdin"];
    // No second line: the CLI says what it needs.
    const missing = io(`${FIXTURE_PASSWORD}\n`);
    expect(await main(args, missing.io)).toBe(1);
    expect(missing.err.join("\n")).toMatch(/second factor/);
    const wrong = io(`${FIXTURE_PASSWORD}\n000000\n`);
    expect(await main(args, wrong.io)).toBe(1);
    expect(wrong.err.join("\n")).toContain("invalid_second_factor");
    // The next time step's code (enrolment spent the current one), the line after the password.
    const next = totpCodeAt(start.body.secret, new Date(Date.now() + 30_000));
    const ok = io(`${FIXTURE_PASSWORD}\n${next}\n`);
    expect(await main(args, ok.io)).toBe(0);
    expect(ok.out.join("\n")).toContain("Billing of CLI Org");
    const recovery = io(`${FIXTURE_PASSWORD}\n${on.body.recovery_codes[0]}\n`);
    expect(await main(args, recovery.io)).toBe(0);
    // --otp gives it up front; the SDK takes a recovery code too, once.
    const sdk = new SvcClient({ baseUrl: app.url });
    await expect(sdk.signIn(m.email, FIXTURE_PASSWORD)).rejects.toMatchObject({
      code: "second_factor_required",
    });
    await expect(
      sdk.signIn(m.email, FIXTURE_PASSWORD, { recoveryCode: on.body.recovery_codes[1] ?? "" }),
    ).resolves.toMatchObject({ email: m.email });
    await expect(
      sdk.signIn(m.email, FIXTURE_PASSWORD, { recoveryCode: on.body.recovery_codes[1] ?? "" }),
    ).rejects.toMatchObject({ code: "invalid_second_factor" });
  });
});
