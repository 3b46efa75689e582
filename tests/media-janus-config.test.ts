import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivedSecret, nodeEventsSecret } from "@/lib/media/janus/credential";
import { EVENT_RETRIES, EVENT_RETRY_WINDOW_MS, renderJanusConfig } from "@/lib/media/janus/render-config";

/** The Janus config generator and `npm run media:janus` (docs/media-plane.md). */

const base = {
  tokenSecret: "config-token-secret-0123456789",
  eventsUrl: "https://svc.example.com/v1/internal/media/janus",
  eventsSecret: "config-events-secret-0123456789",
  http: { ip: "10.0.0.5", port: 8088 },
};

describe("renderJanusConfig", () => {
  it("writes what the driver relies on: signed tokens, string ids, the derived admin key, the event handler", () => {
    const files = renderJanusConfig(base, "/etc/svc-janus");
    expect(Object.keys(files).sort()).toEqual([
      "janus.eventhandler.sampleevh.jcfg",
      "janus.jcfg",
      "janus.plugin.videoroom.jcfg",
      "janus.transport.http.jcfg",
    ]);
    expect(files["janus.jcfg"]).toContain('token_auth_secret = "config-token-secret-0123456789"');
    expect(files["janus.jcfg"]).toContain('configs_folder = "/etc/svc-janus"');
    expect(files["janus.jcfg"]).toContain("broadcast = true");
    expect(files["janus.jcfg"]).not.toContain("admin_secret");
    expect(files["janus.plugin.videoroom.jcfg"]).toContain("string_ids = true");
    expect(files["janus.plugin.videoroom.jcfg"]).toContain(
      `admin_key = "${derivedSecret(base.tokenSecret, "videoroom-admin-key")}"`,
    );
    const evh = files["janus.eventhandler.sampleevh.jcfg"];
    expect(evh).toContain(`backend = "${base.eventsUrl}"`);
    expect(evh).toContain(`backend_pwd = "${base.eventsSecret}"`);
    expect(evh).toContain("grouping = true");
    // Janus's own retries ride out a service restart (its default, 5 × 100 ms doubling, is 3.1 s).
    expect(evh).toContain(`max_retransmissions = ${EVENT_RETRIES.max}`);
    expect(evh).toContain(`retransmissions_backoff = ${EVENT_RETRIES.backoffMs}`);
    expect(EVENT_RETRY_WINDOW_MS).toBeGreaterThanOrEqual(60_000);
    expect(files["janus.transport.http.jcfg"]).toContain('ip = "10.0.0.5"');
    expect(files["janus.transport.http.jcfg"]).toContain("admin_http = false");
  });

  it("takes the network options as parameters (ICE interface, NAT, TURN, ports, WebSockets, admin API)", () => {
    const files = renderJanusConfig(
      {
        ...base,
        iceEnforceList: "v0",
        natPublicAddress: "203.0.113.7",
        rtpPortRange: "20000-20200",
        turn: { server: "turn.example.com", port: 3478, type: "udp", user: "u", password: "p" },
        websockets: { ip: "127.0.0.1", port: 8188 },
        admin: { ip: "127.0.0.1", port: 7088, secret: "admin-secret-0123456789" },
        recordingsDir: "/var/lib/svc/recordings",
      },
      "/tmp/x",
    );
    const core = files["janus.jcfg"];
    for (const line of [
      'ice_enforce_list = "v0"',
      'nat_1_1_mapping = "203.0.113.7"',
      'rtp_port_range = "20000-20200"',
      'turn_server = "turn.example.com"',
      "turn_port = 3478",
      'admin_secret = "admin-secret-0123456789"',
      // Open recording files are .mjr.tmp: the recording agent takes only closed ones (decision 1083).
      'recordings_tmp_ext = "tmp"',
    ]) {
      expect(core).toContain(line);
    }
    expect(files["janus.transport.websockets.jcfg"]).toContain("ws_port = 8188");
    expect(files["janus.transport.http.jcfg"]).toContain("admin_http = true");
    expect(files["janus.plugin.videoroom.jcfg"]).toContain("/var/lib/svc/recordings");
  });

  it("refuses a value that would break the file", () => {
    expect(() =>
      renderJanusConfig({ ...base, iceEnforceList: 'eth0"\nadmin_http = true' }, "/tmp/x"),
    ).toThrow(/quotes/);
  });
});

describe("npm run media:janus", () => {
  // A PATH with Node and nothing else (janus lives beside node in /usr/bin here).
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), "svc-node-only-"));
  fs.symlinkSync(process.execPath, path.join(bin, "node"));
  const run = (args: string[], extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/media-janus.mts", ...args], {
      encoding: "utf8",
      env: { NODE_ENV: "test", PATH: bin, HOME: os.homedir(), LOG_LEVEL: "silent", ...extra },
      timeout: 60_000,
    });

  it("writes the config for the configured node, and says what to install when janus is missing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-media-janus-"));
    try {
      const configured = {
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: "http://127.0.0.1:18088/janus,http://127.0.0.1:28088/janus",
        JANUS_PUBLIC_URL: "ws://127.0.0.1:18188,ws://127.0.0.1:28188",
        JANUS_TOKEN_SECRET: "script-token-secret-0123456789",
        JANUS_EVENTS_SECRET: "script-events-secret-0123456789",
      };
      const written = run(
        ["--dir", dir, "--node", "2", "--ice-enforce-list", "v0", "--write-only"],
        configured,
      );
      expect(written.status, written.stderr).toBe(0);
      const core = fs.readFileSync(path.join(dir, "janus.jcfg"), "utf8");
      expect(core).toContain('token_auth_secret = "script-token-secret-0123456789"');
      expect(core).toContain('ice_enforce_list = "v0"');
      expect(fs.readFileSync(path.join(dir, "janus.transport.http.jcfg"), "utf8")).toContain("port = 28088");
      expect(fs.readFileSync(path.join(dir, "janus.transport.websockets.jcfg"), "utf8")).toContain(
        "ws_port = 28188",
      );
      expect(fs.statSync(path.join(dir, "janus.jcfg")).mode & 0o077).toBe(0);
      // Node 2's own events credential (docs/decisions/1215), never the shared secret.
      const evh = fs.readFileSync(path.join(dir, "janus.eventhandler.sampleevh.jcfg"), "utf8");
      expect(evh).toContain(
        `backend_pwd = "${nodeEventsSecret(configured.JANUS_EVENTS_SECRET, "http://127.0.0.1:28088/janus")}"`,
      );
      expect(evh).not.toContain(configured.JANUS_EVENTS_SECRET);

      // No janus on PATH: it says what to install instead of starting anything.
      const missing = run(["--dir", dir], configured);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain(
        "apt-get install janus janus-tools libjs-janus-gateway libjs-webrtc-adapter",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("without settings, writes development defaults and prints them for .env.local", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-media-janus-"));
    try {
      const res = run(["--dir", dir, "--write-only"]);
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toContain("SVC_MEDIA_PLANE=janus");
      expect(res.stdout).toMatch(/JANUS_TOKEN_SECRET=[0-9a-f]{48}/);
      const again = run(["--dir", dir, "--write-only"]);
      // The development secrets are kept: a restart keeps the same settings.
      expect(again.stdout).toBe(res.stdout);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
