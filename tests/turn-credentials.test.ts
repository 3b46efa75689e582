import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import dgram from "node:dgram";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { overrideEnvForTests } from "@/lib/env";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { turnIceServers, turnPassword } from "@/lib/media/turn-credentials";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { RoomToken } from "@/lib/tokens/room-token-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type FakeLivekit, LK_KEY, LK_SECRET, startFakeLivekit } from "./helpers/livekit";
import { until } from "./helpers/wait";

/**
 * Issue 45 item 3 (docs/decisions/1248): time-limited TURN credentials in the room-token answer's
 * `media` block, in the TURN REST API scheme coturn's `use-auth-secret` checks. The judge is
 * coturn itself (Debian's `turnserver`, with its own client `turnutils_uclient`): it allocates a
 * relay with a fresh credential and refuses an expired or forged one.
 */
const SECRET = "turn-secret-0123456789abcdef";
const TURN = {
  SVC_TURN_URLS: "turn:127.0.0.1:3478?transport=udp,turns:turn.example.com:5349",
  SVC_TURN_SECRET: SECRET,
};

describe("TURN credentials", () => {
  it("are `<expiry>:<identity>` and base64(HMAC-SHA1(secret, username)), expiring with TTL or token", () => {
    overrideEnvForTests({ ...TURN, SVC_TURN_TTL_SEC: "600" });
    try {
      const now = new Date("2026-11-29T04:00:00.000Z");
      const [server] = turnIceServers("alice:1", new Date(now.getTime() + 3600_000), now) ?? [];
      expect(server?.urls).toEqual(["turn:127.0.0.1:3478?transport=udp", "turns:turn.example.com:5349"]);
      // The TTL is shorter than the token: the TTL wins.
      expect(server?.username).toBe(`${now.getTime() / 1000 + 600}:alice:1`);
      const expected = createHmac("sha1", SECRET)
        .update(server?.username ?? "")
        .digest("base64");
      expect(server?.credential).toBe(expected);
      // A token ending sooner: the credential ends with it.
      const [short] = turnIceServers("bob", new Date(now.getTime() + 120_000), now) ?? [];
      expect(short?.username).toBe(`${now.getTime() / 1000 + 120}:bob`);
    } finally {
      overrideEnvForTests({});
    }
  });

  it("are absent without a relay, and the settings are checked at start", () => {
    overrideEnvForTests({});
    expect(turnIceServers("a", new Date(Date.now() + 60_000))).toBeUndefined();
    expect(() => overrideEnvForTests({ SVC_TURN_URLS: "turn:turn.example.com:3478" })).toThrow(
      /SVC_TURN_SECRET/,
    );
    expect(() => overrideEnvForTests({ ...TURN, SVC_TURN_URLS: "stun:stun.example.com" })).toThrow(
      /SVC_TURN_URLS/,
    );
    expect(() => overrideEnvForTests({ ...TURN, SVC_TURN_URLS: "https://x" })).toThrow(/SVC_TURN_URLS/);
    expect(() => overrideEnvForTests({ ...TURN, SVC_TURN_SECRET: "short" })).toThrow(/SVC_TURN_SECRET/);
    expect(() => overrideEnvForTests({ ...TURN, SVC_TURN_TTL_SEC: "5" })).toThrow(/SVC_TURN_TTL_SEC/);
    overrideEnvForTests({});
  });
});

describe("the room-token answer's media block", () => {
  let lk: FakeLivekit;
  let org: TestOrg;
  let key: MintedApiKey;
  let room: RoomDto;
  const lkEnv = () => ({
    SVC_MEDIA_PLANE: "livekit",
    LIVEKIT_URL: lk.url,
    LIVEKIT_API_KEY: LK_KEY,
    LIVEKIT_API_SECRET: LK_SECRET,
  });
  const mint = () =>
    call<RoomToken>("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${key.project_key}` },
      json: { roomId: room.id, identity: "carol", role: "publisher", ttlSeconds: 900 },
    });

  beforeAll(async () => {
    lk = await startFakeLivekit();
    overrideEnvForTests(lkEnv());
    forgetOpenedRooms();
    org = await createOrg();
    const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
      token: org.members.Owner.token,
      json: { name: "turn" },
    });
    key = res.body;
    room = (
      await call<RoomDto>("POST", "/v1/workspace/rooms", {
        token: org.members.Owner.token,
        json: { project_id: org.projectId, type: "meeting" },
      })
    ).body;
  });
  afterAll(async () => {
    overrideEnvForTests({});
    forgetOpenedRooms();
    await lk?.close();
  });

  it("carries ice_servers when a relay is configured, valid no longer than the token", async () => {
    const without = await mint();
    expect(without.status, without.text).toBe(200);
    expect(without.body.media).toBeDefined();
    expect(without.body.media?.ice_servers).toBeUndefined();

    overrideEnvForTests({ ...lkEnv(), ...TURN });
    const res = await mint();
    expect(res.status, res.text).toBe(200);
    const [server] = res.body.media?.ice_servers ?? [];
    expect(server?.urls).toEqual(["turn:127.0.0.1:3478?transport=udp", "turns:turn.example.com:5349"]);
    const [expiry, identity] = (server?.username ?? "").split(":");
    expect(identity).toBe("carol");
    const tokenExp = Date.parse(res.body.expires_at) / 1000;
    expect(Number(expiry)).toBeLessThanOrEqual(tokenExp);
    expect(Number(expiry)).toBeGreaterThan(Date.now() / 1000);
    expect(server?.credential).toBe(turnPassword(SECRET, server?.username ?? ""));
    // The relay's secret itself is never in the answer.
    expect(res.text).not.toContain(SECRET);
  });
});

const coturn = !spawnSync("turnserver", ["--version"], { stdio: "ignore" }).error;

async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket("udp4");
  await new Promise<void>((r) => s.bind(0, "127.0.0.1", r));
  const { port } = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** turnutils_uclient allocates a relay and echoes through it: exit 0 only if coturn accepted us. */
function allocates(port: number, username: string, password: string): boolean {
  // coturn's client answers at once when it is refused; on a loaded machine a UDP exchange can go
  // unanswered past the timeout, which says nothing either way: ask again, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = spawnSync(
      "turnutils_uclient",
      ["-p", String(port), "-u", username, "-w", password, "-n", "1", "-m", "1", "-y", "-c", "127.0.0.1"],
      { encoding: "utf8", timeout: 15_000 },
    );
    if (r.status !== null) return r.status === 0;
  }
  return false;
}

describe.skipIf(!coturn)("coturn accepts the credentials (use-auth-secret)", () => {
  let server: ChildProcess | undefined;
  let port = 0;
  let dir = "";

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-coturn-"));
    port = await freeUdpPort();
    const relayBase = 40000 + Math.floor(Math.random() * 20000);
    server = spawn(
      "turnserver",
      [
        ...["-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", `--listening-port=${port}`],
        ...[`--min-port=${relayBase}`, `--max-port=${relayBase + 50}`],
        ...["--use-auth-secret", `--static-auth-secret=${SECRET}`, "--realm=svc.test"],
        ...["--no-tls", "--no-dtls", "--no-cli", "--allow-loopback-peers", "--log-file=stdout"],
        ...[`--pidfile=${path.join(dir, "pid")}`, `--userdb=${path.join(dir, "db")}`],
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let log = "";
    server.stdout?.on("data", (d: Buffer) => {
      log += d.toString();
    });
    await until("coturn listening", () => /Total General servers|listener opened on/i.test(log), 10_000);
  });
  afterAll(() => {
    server?.kill("SIGTERM");
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("allocates a relay with a fresh credential; refuses an expired or forged one", {
    timeout: 150_000,
  }, () => {
    overrideEnvForTests({ ...TURN, SVC_TURN_URLS: `turn:127.0.0.1:${port}` });
    try {
      const [fresh] = turnIceServers("dave", new Date(Date.now() + 300_000)) ?? [];
      expect(allocates(port, fresh?.username ?? "", fresh?.credential ?? "")).toBe(true);
      const past = new Date(Date.now() - 60_000);
      const [expired] = turnIceServers("dave", past, past) ?? [];
      expect(allocates(port, expired?.username ?? "", expired?.credential ?? "")).toBe(false);
      expect(
        allocates(
          port,
          fresh?.username ?? "",
          turnPassword("another-secret-0123456789", fresh?.username ?? ""),
        ),
      ).toBe(false);
    } finally {
      overrideEnvForTests({});
    }
  });
});
