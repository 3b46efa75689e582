import { beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/http/request";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

describe("request pipeline", () => {
  it("unknown paths under /v1 answer problem+json 404", async () => {
    for (const path of ["/v1/nope", "/v1/workspace/nope", "/v1/workspace/projects/prj_x/unknown/deeper"]) {
      expectProblem(await call("GET", path), 404, "not_found");
      expectProblem(await call("POST", path, { json: {} }), 404, "not_found");
    }
  });

  it("a wrong method answers 405 with Allow", async () => {
    const res = await call("DELETE", "/v1/workspace/projects", { token: org.members.Owner.token });
    expectProblem(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect((await call("PUT", "/v1/workspace/me")).headers.get("allow")).toBe("GET");
    expectProblem(await call("GET", "/v1/auth/login"), 405, "method_not_allowed");
  });

  it("malformed JSON is 400 invalid_json", async () => {
    const res = await call("POST", "/v1/workspace/projects", {
      token: org.members.Owner.token,
      body: '{"name": "x",',
      headers: { "content-type": "application/json" },
    });
    expectProblem(res, 400, "invalid_json");
  });

  it("a non-JSON content type is 415", async () => {
    const res = await call("POST", "/v1/workspace/projects", {
      token: org.members.Owner.token,
      body: '{"name":"x"}',
      headers: { "content-type": "text/plain" },
    });
    expectProblem(res, 415, "unsupported_media_type");
  });

  it("accepts application/json with a charset and +json types", async () => {
    const res = await call("POST", "/v1/workspace/projects", {
      token: org.members.Owner.token,
      body: '{"name":"Charset project"}',
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(201);
  });

  it("a body over 1 MiB is 413, whether declared or streamed", async () => {
    const big = JSON.stringify({ name: "x", pad: "y".repeat(MAX_BODY_BYTES) });
    expectProblem(
      await call("POST", "/v1/workspace/projects", {
        token: org.members.Owner.token,
        body: big,
        headers: { "content-type": "application/json" },
      }),
      413,
      "payload_too_large",
    );
    expectProblem(
      await call("POST", "/v1/workspace/projects", {
        token: org.members.Owner.token,
        body: "{}",
        headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      }),
      413,
      "payload_too_large",
    );
  });

  it("non-object JSON bodies and empty bodies are 422", async () => {
    for (const body of ["[]", "null", "42", '"str"']) {
      expectProblem(
        await call("POST", "/v1/workspace/projects", {
          token: org.members.Owner.token,
          body,
          headers: { "content-type": "application/json" },
        }),
        422,
        "validation_failed",
      );
    }
    expectProblem(
      await call("POST", "/v1/workspace/projects", { token: org.members.Owner.token }),
      422,
      "validation_failed",
    );
  });

  it("validation errors list each failing field", async () => {
    const res = await call("POST", "/v1/workspace/projects", {
      token: org.members.Owner.token,
      json: { name: "", slug: "NO", environment: "qa" },
    });
    const body = expectProblem(res, 422, "validation_failed");
    const paths = (body.errors as { path: string; message: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(["environment", "name", "slug"]);
  });

  it("repeated query parameters are a validation error", async () => {
    const res = await call("GET", "/v1/workspace/rooms?limit=5&limit=6", { token: org.members.Owner.token });
    expectProblem(res, 422, "validation_failed");
  });

  it("problem bodies carry a type URI, title and no-store caching", async () => {
    const res = await call("GET", "/v1/workspace/me");
    const body = expectProblem(res, 401, "unauthenticated");
    expect(body.type).toBe("/problems/unauthenticated");
    // Small: also no-transform, so Next does not gzip it (docs/decisions/0973).
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
  });

  it("every response carries a request id, echoing a well-formed one the caller sent", async () => {
    const minted = await call("GET", "/v1/workspace/me");
    expect(minted.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call("GET", "/v1/workspace/me", { headers: { "x-request-id": "trace-abc.123" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-abc.123");
    const replaced = await call("GET", "/v1/workspace/me", {
      headers: { "x-request-id": "bad id with spaces" },
    });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
