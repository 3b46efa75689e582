import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { type Io, main } from "../packages/sdk/src/cli/main";
import { verifyWebhook } from "../packages/sdk/src/index";
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
      expect(l.out.find((x) => x.includes("<-- 200"))).toMatch(/--> room\.created \[evt_\w+\]\s+<-- 200/);
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
