import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import type { MediaSettings } from "@/lib/media/driver-registration";
import { authenticateJanusEvents } from "@/lib/media/janus/authenticate-janus-events";
import { nodeEventsSecret } from "@/lib/media/janus/credential";
import { renderJanusConfig } from "@/lib/media/janus/render-config";
import { LK_KEY, LK_SECRET, webhookEvent } from "./helpers/livekit";
import { type LivekitWorld, livekitWorld } from "./helpers/livekit-world";

/**
 * Trust between the media nodes and the service (issue 42 item 7, docs/decisions/1215): each Janus
 * node has its own events credential and the service learns from it which node speaks; a LiveKit
 * webhook that is not signed HS256 by the configured key is a 401 like every other refusal.
 */

const MASTER = "trust-events-secret-0123456789abcdef";
const NODES = ["http://10.0.0.5:8088/janus", "http://10.0.0.6:8088/janus"];
const settings = (nodes = NODES): MediaSettings => ({
  NODE_ENV: "test",
  SVC_MEDIA_PLANE: "janus",
  JANUS_URL: nodes,
  JANUS_EVENTS_SECRET: MASTER,
});
const request = (password: string | undefined, user = "janus") =>
  new Request("http://svc.test/v1/internal/media/janus", {
    method: "POST",
    headers:
      password === undefined
        ? {}
        : { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
  });
const refusal = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error("expected a refusal");
};

describe("Janus nodes' own events credentials", () => {
  it("each node's credential names that node, whatever the user name", () => {
    for (const node of NODES) {
      expect(authenticateJanusEvents(request(nodeEventsSecret(MASTER, node)), settings())).toEqual({ node });
      expect(authenticateJanusEvents(request(nodeEventsSecret(MASTER, node), "other"), settings())).toEqual({
        node,
      });
    }
    // Different nodes, different credentials; none of them is the master secret.
    expect(nodeEventsSecret(MASTER, NODES[0] ?? "")).not.toBe(nodeEventsSecret(MASTER, NODES[1] ?? ""));
    expect(nodeEventsSecret(MASTER, NODES[0] ?? "")).not.toContain(MASTER);
  });

  it("the shared JANUS_EVENTS_SECRET speaks for the one node only while there is one: 401 with several", () => {
    expect(authenticateJanusEvents(request(MASTER), settings([NODES[0] ?? ""]))).toEqual({ node: NODES[0] });
    const err = refusal(() => authenticateJanusEvents(request(MASTER), settings()));
    expect(err.code).toBe("unauthenticated");
    expect(err.message).toContain("each node sends its own events credential");
  });

  it("refuses a node removed from JANUS_URL, another master's credentials, no password and other schemes", () => {
    const removed = nodeEventsSecret(MASTER, "http://10.0.0.7:8088/janus");
    const foreign = nodeEventsSecret("another-master-secret-0123456789", NODES[0] ?? "");
    for (const req of [
      request(removed),
      request(foreign),
      request(""),
      request(undefined),
      new Request("http://svc.test/", {
        headers: { authorization: `Bearer ${nodeEventsSecret(MASTER, NODES[0] ?? "")}` },
      }),
    ]) {
      expect(refusal(() => authenticateJanusEvents(req, settings())).code).toBe("unauthenticated");
    }
    // Off unless the plane is janus.
    const off = { ...settings(), SVC_MEDIA_PLANE: "none" };
    expect(
      refusal(() => authenticateJanusEvents(request(nodeEventsSecret(MASTER, NODES[0] ?? "")), off)).code,
    ).toBe("unauthenticated");
  });

  it("a node's rendered config holds its own credential, never the master secret", () => {
    const files = renderJanusConfig(
      {
        tokenSecret: "trust-token-secret-0123456789abcdef",
        eventsUrl: "http://svc.test/v1/internal/media/janus",
        eventsSecret: nodeEventsSecret(MASTER, NODES[1] ?? ""),
        http: { ip: "127.0.0.1", port: 8088 },
      },
      "/tmp/x",
    );
    const all = Object.values(files).join("\n");
    expect(all).toContain(`backend_pwd = "${nodeEventsSecret(MASTER, NODES[1] ?? "")}"`);
    expect(all).not.toContain(MASTER);
  });
});

describe("LiveKit webhooks that are not signed by the configured key", () => {
  let w: LivekitWorld;
  beforeAll(async () => {
    w = await livekitWorld();
  });
  afterAll(async () => {
    await w?.stop();
  });

  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

  it("an unsigned or alg:none token, another algorithm, or no JWT at all is 401 problem+json (was 422)", async () => {
    const body = webhookEvent({ event: "room_started" }).toJsonString();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: LK_KEY,
      nbf: now,
      exp: now + 300,
      sha256: createHash("sha256").update(body).digest("base64"),
    };
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    const unsigned = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.`;
    const hs512Data = `${b64({ alg: "HS512", typ: "JWT" })}.${b64(claims)}`;
    const hs512 = `${hs512Data}.${createHmac("sha512", LK_SECRET).update(hs512Data).digest("base64url")}`;
    for (const authorization of [none, `Bearer ${none}`, unsigned, hs512, "not-a-jwt", "a.b"]) {
      const res = await w.post(body, authorization);
      expect(res.status, authorization).toBe(401);
      expect(res.json).toMatchObject({ code: "unauthenticated", status: 401 });
    }
  });
});
