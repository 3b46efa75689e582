import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { env, overrideEnvForTests } from "@/lib/env";

/**
 * Secrets never reach the logs. Everything the app writes during a full run at LOG_LEVEL=debug is
 * captured: pino's output (the real logger, only its destination swapped), console.*, and raw
 * stdout/stderr. The run signs in, mints, rotates and uses keys, registers webhooks, rotates their
 * secrets, delivers a signed event, mints a room token, replays idempotent requests, and fails in
 * the ways that tempt a logger (bad passwords, bad keys, malformed bodies). Then the captured text
 * is searched for every secret the run saw.
 */
const captured = vi.hoisted(() => [] as string[]);

vi.mock("pino", async (importOriginal) => {
  const real = await importOriginal<{ default: typeof import("pino").pino }>();
  const pino = real.default;
  const sink = { write: (line: string) => void captured.push(line) };
  const wrapped = Object.assign((opts: Parameters<typeof pino>[0]) => pino(opts ?? {}, sink), pino);
  return { ...real, default: wrapped };
});

const restore: (() => void)[] = [];
function tap(stream: NodeJS.WriteStream): void {
  const original = stream.write.bind(stream);
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    captured.push(String(chunk));
    return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  restore.push(() => {
    stream.write = original as typeof stream.write;
  });
}

type Json = Record<string, string>;

describe("secrets in logs", () => {
  const secrets = new Map<string, string>();
  const keep = (label: string, value: string | null | undefined) => {
    if (!value) throw new Error(`the run did not produce ${label}`);
    secrets.set(label, value);
  };

  beforeAll(() => {
    overrideEnvForTests({ LOG_LEVEL: "debug" });
    tap(process.stdout);
    tap(process.stderr);
    for (const level of ["log", "info", "warn", "error", "debug"] as const) {
      const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        captured.push(args.map(String).join(" "));
      });
      restore.push(() => spy.mockRestore());
    }
  });

  afterAll(() => {
    for (const r of restore) r();
    overrideEnvForTests({});
  });

  it("a full run logs at debug level and never prints a secret it minted or received", async () => {
    // Modules load after the level is set, so the logger is built at debug.
    const { call } = await import("./helpers/app");
    const { createOrg, FIXTURE_PASSWORD } = await import("./helpers/fixtures");
    const { startHttpsReceiver, testCertificate } = await import("./helpers/https-receiver");
    const jobs = await import("@/lib/jobs/start-jobs");
    const { log } = await import("@/lib/log/logger");
    expect(env.LOG_LEVEL).toBe("debug");

    overrideEnvForTests({
      LOG_LEVEL: "debug",
      SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
      SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.05,0.05,0.05,0.05,0.05,0.05",
    });
    const receiver = await startHttpsReceiver();
    jobs.startJobs(["deliver-due-webhooks"]);
    try {
      const org = await createOrg({ name: "Secretive" });
      const owner = org.members.Owner;
      keep("password", FIXTURE_PASSWORD);
      keep("fixture session token", owner.token);
      keep("media ingest secret", env.SVC_MEDIA_INGEST_SECRET);

      // Sign-in: the session cookie is a credential too.
      const login = await call("POST", "/v1/auth/login", {
        json: { email: owner.email, password: FIXTURE_PASSWORD },
        headers: { "x-request-id": "secret-run-login" },
      });
      expect(login.status).toBe(200);
      keep("session cookie", /svc_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1]);
      const session = secrets.get("session cookie") as string;
      expect(
        (await call("POST", "/v1/auth/login", { json: { email: owner.email, password: "wrong-Pa55word!" } }))
          .status,
      ).toBe(401);
      keep("wrong password", "wrong-Pa55word!");

      // Keys: minted (with an idempotent replay), rotated, used, revoked.
      const keys = `/v1/workspace/projects/${org.projectId}/api-keys`;
      const minted = await call<Json>("POST", keys, {
        headers: { cookie: `svc_session=${session}`, "idempotency-key": "secret-run-1" },
        json: { name: "Logged?" },
      });
      expect(minted.status).toBe(201);
      keep("api key secret", minted.body.secret);
      keep("project key", minted.body.project_key);
      const replay = await call<Json>("POST", keys, {
        headers: { cookie: `svc_session=${session}`, "idempotency-key": "secret-run-1" },
        json: { name: "Logged?" },
      });
      expect(replay.body.secret).toBe(minted.body.secret);
      const rotated = await call<Json>("POST", `${keys}/${minted.body.id}/rotate`, { token: owner.token });
      keep("rotated api key secret", rotated.body.secret);
      keep("rotated project key", rotated.body.project_key);

      const room = await call<Json>("POST", "/v1/workspace/rooms", {
        token: owner.token,
        json: { project_id: org.projectId },
      });
      const roomToken = await call<Json>("POST", "/v1/auth/tokens/room", {
        token: rotated.body.project_key,
        json: { roomId: room.body.id, identity: "alice", role: "publisher" },
      });
      expect(roomToken.status).toBe(200);
      keep("room token", roomToken.body.token);
      // The old secret is refused (and must not be echoed while refusing it).
      expect(
        (
          await call("POST", "/v1/auth/tokens/room", {
            token: minted.body.project_key,
            json: { roomId: room.body.id },
          })
        ).status,
      ).toBe(401);
      const byKey = await call<Json>("POST", "/v1/webhooks/endpoints", {
        token: rotated.body.project_key,
        json: { url: receiver.url, events: ["qos.alert"] },
      });
      expect(byKey.status).toBe(201);
      keep("project webhook secret", byKey.body.signing_secret);

      // Webhooks: created, secret rotated, an event signed and delivered.
      const hook = await call<Json>("POST", "/v1/workspace/webhooks", {
        token: owner.token,
        json: { url: receiver.url, events: ["room.created"] },
      });
      expect(hook.status).toBe(201);
      keep("webhook secret", hook.body.signing_secret);
      const rotatedHook = await call<Json>("POST", `/v1/workspace/webhooks/${hook.body.id}/rotate-secret`, {
        token: owner.token,
      });
      keep("rotated webhook secret", rotatedHook.body.signing_secret);
      expect(
        (await call("POST", `/v1/workspace/webhooks/${hook.body.id}/test`, { token: owner.token })).status,
      ).toBe(202);
      const [delivered] = await receiver.waitForRequests(1);
      keep("webhook signature", String(delivered?.headers["x-svc-webhook-sig"] ?? ""));

      expect((await call("DELETE", `${keys}/${minted.body.id}`, { token: owner.token })).status).toBe(204);
      expect(
        (
          await call("POST", "/v1/internal/media-events", {
            token: env.SVC_MEDIA_INGEST_SECRET,
            json: {
              id: "secret-run",
              type: "participant.joined",
              room_id: room.body.id,
              participant: { identity: "a" },
            },
          })
        ).status,
      ).toBe(202);
      // Malformed input that carries a credential-looking value.
      await call("POST", "/v1/workspace/rooms", {
        token: owner.token,
        body: `{"password":"${FIXTURE_PASSWORD}"`,
        headers: { "content-type": "application/json" },
      });

      // Even a careless caller of the logger is scrubbed by key.
      log.debug("careless", { secret: minted.body.secret, nested: { apiKey: rotated.body.secret } });
    } finally {
      await jobs.stopJobs();
      await receiver.close();
    }

    const text = captured.join("\n");
    // The capture works: request lines at info and debug lines are there.
    expect(captured.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThan(10);
    expect(text).toContain("secret-run-login");
    expect(text).toContain('"level":"debug"');
    expect(secrets.size).toBe(14);
    for (const [label, value] of secrets) {
      expect(text.includes(value), `${label} appears in the logs`).toBe(false);
    }
  }, 60_000);
});
