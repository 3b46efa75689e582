import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "@/lib/auth/roles";
import { call, expectProblem } from "./helpers/app";
import { createOrg, createWorkspaceKeyFor, type TestOrg } from "./helpers/fixtures";

/**
 * The endpoint table of docs/spec/service-spec.md for endpoints 1-6, written out independently of
 * lib/auth/roles.ts. Every cell runs twice: with each role's session, and with a workspace API key
 * of that role (docs/decisions/1290), which the matrix must treat the same.
 */
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
const keys = {} as Record<Role, string>;
beforeAll(async () => {
  org = await createOrg();
  for (const role of ROLES) keys[role] = (await createWorkspaceKeyFor(org, role)).key;
});

const CREDENTIALS = [
  { via: "session", token: (role: Role) => org.members[role].token },
  { via: "workspace key", token: (role: Role) => keys[role] },
] as const;

describe.each(CELLS)("$name", (cell) => {
  it.each(CREDENTIALS.flatMap((c) => ROLES.map((role) => [role, c.via, c] as const)))(
    "as %s (%s)",
    async (role, _via, credential) => {
      const res = await cell.send(org, credential.token(role));
      if (cell.allowed.includes(role)) {
        expect(res.status, res.text).toBe(cell.okStatus);
      } else {
        const body = expectProblem(res, 403, "forbidden_workspace_role");
        expect(body.detail).toContain(role);
      }
    },
  );

  it("anonymous: 401 unauthenticated", async () => {
    expectProblem(await cell.send(org, undefined), 401, "unauthenticated");
  });
});

describe("role denial comes before body validation", () => {
  it.each(["session", "workspace key"])(
    "a Viewer (%s) posting garbage still gets 403, not 422",
    async (via) => {
      const res = await call("POST", "/v1/workspace/projects", {
        token: via === "session" ? org.members.Viewer.token : keys.Viewer,
        json: { name: "" },
      });
      expectProblem(res, 403, "forbidden_workspace_role");
    },
  );
});
