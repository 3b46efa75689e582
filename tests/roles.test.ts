import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "@/lib/auth/roles";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/** The endpoint table of docs/spec/service-spec.md for endpoints 1-6, written out independently of lib/auth/roles.ts. */
const ALL: Role[] = [...ROLES];
const BUILDERS: Role[] = ["Owner", "Admin", "Developer"];

interface Cell {
  name: string;
  allowed: Role[];
  okStatus: number;
  send: (org: TestOrg, token: string | undefined) => ReturnType<typeof call>;
}

let n = 0;
const CELLS: Cell[] = [
  {
    name: "GET /me",
    allowed: ALL,
    okStatus: 200,
    send: (_o, token) => call("GET", "/v1/workspace/me", { token }),
  },
  {
    name: "GET /projects",
    allowed: ALL,
    okStatus: 200,
    send: (_o, token) => call("GET", "/v1/workspace/projects", { token }),
  },
  {
    name: "POST /projects",
    allowed: BUILDERS,
    okStatus: 201,
    send: (_o, token) => call("POST", "/v1/workspace/projects", { token, json: { name: `Project ${n++}` } }),
  },
  {
    name: "GET /rooms",
    allowed: ALL,
    okStatus: 200,
    send: (_o, token) => call("GET", "/v1/workspace/rooms", { token }),
  },
  {
    name: "POST /rooms",
    allowed: BUILDERS,
    okStatus: 201,
    send: (o, token) => call("POST", "/v1/workspace/rooms", { token, json: { project_id: o.projectId } }),
  },
  {
    name: "GET /recordings",
    allowed: ALL,
    okStatus: 200,
    send: (_o, token) => call("GET", "/v1/workspace/recordings", { token }),
  },
];

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

describe.each(CELLS)("$name", (cell) => {
  it.each(ROLES)("as %s", async (role) => {
    const res = await cell.send(org, org.members[role].token);
    if (cell.allowed.includes(role)) {
      expect(res.status, res.text).toBe(cell.okStatus);
    } else {
      const body = expectProblem(res, 403, "forbidden_workspace_role");
      expect(body.detail).toContain(role);
    }
  });

  it("anonymous: 401 unauthenticated", async () => {
    expectProblem(await cell.send(org, undefined), 401, "unauthenticated");
  });
});

describe("role denial comes before body validation", () => {
  it("a Viewer posting garbage still gets 403, not 422", async () => {
    const res = await call("POST", "/v1/workspace/projects", {
      token: org.members.Viewer.token,
      json: { name: "" },
    });
    expectProblem(res, 403, "forbidden_workspace_role");
  });
});
