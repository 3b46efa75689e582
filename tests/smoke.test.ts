import { describe, expect, it } from "vitest";
import type { Identity } from "@/lib/identity/identity-schema";
import { call } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";

describe("harness", () => {
  it("serves /me to a member through the in-process router", async () => {
    const org = await createOrg();
    const res = await call<Identity>("GET", "/v1/workspace/me", { token: org.members.Owner.token });
    expect(res.status).toBe(200);
    expect(res.body.org.id).toBe(org.id);
  });
});
