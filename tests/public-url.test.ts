import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { overrideEnvForTests, parseEnv } from "@/lib/env";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { publicUrlWarning } from "@/lib/server/public-url";
import { presignDownload } from "@/lib/storage/presign-download";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { startTestObjectStore, type TestObjectStore } from "./helpers/s3";
import { waitForEmail } from "./helpers/teams";

/**
 * Issue 33.5 (docs/decisions/1014): without SVC_BASE_URL the public URL is
 * `http://localhost:<PORT>`, so a server on another port hands out links to itself; a production
 * start without it says so.
 */

let store: TestObjectStore;
let org: TestOrg;
beforeAll(async () => {
  store = await startTestObjectStore();
  org = await createOrg();
});
afterAll(() => store.close());
afterEach(async () => {
  overrideEnvForTests({});
  await clearAllRateLimits();
});

describe("the default public URL follows PORT", () => {
  it("is http://localhost:<PORT>, 3000 without one; SVC_BASE_URL wins; a bad PORT stops the start", () => {
    expect(parseEnv({}).baseUrl).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "4123" })).toMatchObject({
      baseUrl: "http://localhost:4123",
      meetHost: "localhost:4123",
    });
    expect(parseEnv({ PORT: "4123", SVC_BASE_URL: "https://svc.example.com/" }).baseUrl).toBe(
      "https://svc.example.com",
    );
    for (const bad of ["abc", "0", "70000", "3000.5"]) expect(() => parseEnv({ PORT: bad })).toThrow(/PORT/);
  });

  it("download links, the room token's iss and email links point at that port", async () => {
    overrideEnvForTests({ SVC_BASE_URL: "", PORT: "4123" });
    const download = await presignDownload({
      key: "recordings/x.mp4",
      filename: "x.mp4",
      contentType: "video/mp4",
      expiresInSec: 300,
    });
    expect(new URL(download).origin).toBe("http://localhost:4123");

    const key = await call<{ project_key: string }>(
      "POST",
      `/v1/workspace/projects/${org.projectId}/api-keys`,
      {
        token: org.members.Owner.token,
        json: { name: "port" },
      },
    );
    const room = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    const minted = await call<{ token: string }>("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${key.body.project_key}` },
      json: { roomId: room.body.id, identity: "port-user", role: "publisher" },
    });
    expect(minted.status, minted.text).toBe(200);
    const claims = JSON.parse(Buffer.from(minted.body.token.split(".")[1] ?? "", "base64url").toString());
    expect(claims.iss).toBe("http://localhost:4123");

    const since = new Date();
    expect(
      (await call("POST", "/v1/auth/password-reset", { json: { email: org.members.Member.email } })).status,
    ).toBe(202);
    const mail = await waitForEmail(org.members.Member.email, { after: since });
    expect(mail.text).toContain("http://localhost:4123/reset-password/");
  });
});

describe("a production start without a public URL", () => {
  const production = { NODE_ENV: "production", NEXTAUTH_SECRET: "s".repeat(40), PORT: "4123" };
  it("warns, naming the address links will carry and the setting to fix it", () => {
    const warning = publicUrlWarning(parseEnv(production));
    expect(warning?.base_url).toBe("http://localhost:4123");
    expect(warning?.note).toContain("SVC_BASE_URL");
  });

  it("is quiet with SVC_BASE_URL (or NEXTAUTH_URL), and outside production", () => {
    expect(publicUrlWarning(parseEnv({ ...production, SVC_BASE_URL: "https://svc.example.com" }))).toBeNull();
    expect(publicUrlWarning(parseEnv({ ...production, NEXTAUTH_URL: "https://svc.example.com" }))).toBeNull();
    expect(publicUrlWarning(parseEnv({ PORT: "4123" }))).toBeNull();
  });
});
