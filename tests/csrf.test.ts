import { beforeAll, describe, expect, it } from "vitest";
import { overrideEnvForTests } from "@/lib/env";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

const cookie = () => ({ cookie: `svc_session=${org.members.Owner.token}` });

describe("CSRF defence for cookie-authenticated mutations", () => {
  it("refuses a cross-site Origin with the session cookie", async () => {
    const res = await call("POST", "/v1/workspace/projects", {
      json: { name: "csrf" },
      headers: { ...cookie(), origin: "https://evil.example" },
    });
    expectProblem(res, 403, "csrf_failed");
    expectProblem(
      await call("POST", "/v1/workspace/projects", {
        json: { name: "csrf" },
        headers: { ...cookie(), origin: "null" },
      }),
      403,
      "csrf_failed",
    );
    expectProblem(
      await call("POST", "/v1/workspace/projects", {
        json: { name: "csrf" },
        headers: { ...cookie(), "sec-fetch-site": "cross-site" },
      }),
      403,
      "csrf_failed",
    );
  });

  it("accepts the same origin, no Origin (servers), and Bearer tokens from anywhere", async () => {
    expect(
      (
        await call("POST", "/v1/workspace/projects", {
          json: { name: "same" },
          headers: { ...cookie(), origin: "http://localhost:3000" },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call("POST", "/v1/workspace/projects", { json: { name: "server" }, headers: cookie() })).status,
    ).toBe(201);
    expect(
      (
        await call("POST", "/v1/workspace/projects", {
          json: { name: "bearer" },
          token: org.members.Owner.token,
          headers: { origin: "https://elsewhere.example" },
        })
      ).status,
    ).toBe(201);
  });

  it("reads are never blocked, and cross-site sign-in is refused", async () => {
    expect(
      (await call("GET", "/v1/workspace/me", { headers: { ...cookie(), origin: "https://evil.example" } }))
        .status,
    ).toBe(200);
    expectProblem(
      await call("POST", "/v1/auth/login", {
        json: { email: org.members.Owner.email, password: FIXTURE_PASSWORD },
        headers: { origin: "https://evil.example" },
      }),
      403,
      "csrf_failed",
    );
  });
});

describe("X-Forwarded-Host (docs/decisions/1056)", () => {
  const attempt = () =>
    call("POST", "/v1/workspace/projects", {
      json: { name: "forwarded" },
      headers: { ...cookie(), origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    });

  it("is ignored without AUTH_TRUST_HOST: a page on evil.example cannot name itself the host", async () => {
    overrideEnvForTests({ AUTH_TRUST_HOST: "" });
    expectProblem(await attempt(), 403, "csrf_failed");
  });

  it("is believed with AUTH_TRUST_HOST=true (a proxy we trust sets it)", async () => {
    overrideEnvForTests({ AUTH_TRUST_HOST: "true" });
    try {
      expect((await attempt()).status).toBe(201);
      expectProblem(
        await call("POST", "/v1/workspace/projects", {
          json: { name: "forwarded" },
          headers: { ...cookie(), origin: "https://evil.example", "x-forwarded-host": "console.example" },
        }),
        403,
        "csrf_failed",
      );
    } finally {
      overrideEnvForTests({ AUTH_TRUST_HOST: "" });
    }
  });
});
