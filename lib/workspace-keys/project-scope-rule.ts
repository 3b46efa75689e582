/**
 * How a workspace route meets a key scoped to one project (docs/decisions/1290): the key sees and
 * changes only that project's resources, and anything outside it is 404, as another org's is.
 * Every workspace route has a rule: derived from its path (a `{projectId}`, `{roomId}`, or a
 * recording's or webhook's `{id}`), or written below; `implement` refuses to bind a workspace route
 * without one, so a new route cannot forget the scope.
 */
export type ProjectScopeRule =
  /** `{projectId}` in the path must be the key's project. */
  | { kind: "project_param" }
  /** The room named by `{roomId}` (or the body's `room_id`) must be in the key's project. */
  | { kind: "room"; from: "param" | "body" }
  /** The recording named by `{id}`. */
  | { kind: "recording" }
  /** The webhook endpoint named by `{id}`; an org-wide endpoint is outside every project. */
  | { kind: "webhook" }
  /** A list filtered by `?project_id=`: forced to the key's project; another project's is 404. */
  | { kind: "query" }
  /** A creation naming `project_id` in its body: it must be the key's project. */
  | { kind: "body" }
  /** The handler filters by `member.key.projectId` itself (a list without a project filter). */
  | { kind: "handler" }
  /** Reads no project data (who am I). */
  | { kind: "none" }
  /** Organisation-level (members, audit log, plan, keys, org-wide listen): 403 for a scoped key. */
  | { kind: "org" };

const WRITTEN: Record<string, ProjectScopeRule> = {
  "GET /v1/workspace/me": { kind: "none" },
  "GET /v1/workspace/me/orgs": { kind: "none" },
  "GET /v1/workspace/projects": { kind: "handler" },
  "POST /v1/workspace/projects": { kind: "org" },
  "GET /v1/workspace/rooms": { kind: "query" },
  "POST /v1/workspace/rooms": { kind: "body" },
  "GET /v1/workspace/recordings": { kind: "query" },
  "GET /v1/workspace/webhooks": { kind: "handler" },
  "POST /v1/workspace/webhooks": { kind: "body" },
  "POST /v1/workspace/webhooks/inbox": { kind: "body" },
  "GET /v1/workspace/webhooks/listen": { kind: "org" },
  "POST /v1/workspace/meet/invitations": { kind: "room", from: "body" },
  // Usage and sessions (issue 44): usage by ?project_id=; a session is checked by the handler.
  "GET /v1/workspace/usage": { kind: "query" },
  "GET /v1/workspace/sessions/{sessionId}": { kind: "handler" },
};

/** Path prefixes whose every route is organisation-level. */
const ORG_LEVEL = [
  "/v1/workspace/members",
  "/v1/workspace/audit-log",
  "/v1/workspace/plan",
  "/v1/workspace/keys",
  "/v1/workspace/security",
  "/v1/workspace/license",
  "/v1/workspace/licenses",
];

/**
 * A person's own account: their second factor and their sessions. A workspace key is nobody's
 * account, so it is refused there whatever its role (lib/http/handler.ts), as on /v1/auth.
 */
const PERSON_ONLY = ["/v1/workspace/me/totp", "/v1/workspace/me/sessions", "/v1/workspace/me/passkeys"];

export function isPersonOnly(path: string): boolean {
  return PERSON_ONLY.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The rule of a route contract (lib/routes/contract.ts), by its method and path. */
export function projectScopeRule(op: { method: string; path: string }): ProjectScopeRule | undefined {
  const written = WRITTEN[`${op.method} ${op.path}`];
  if (written) return written;
  const p = op.path;
  if (ORG_LEVEL.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return { kind: "org" };
  if (isPersonOnly(p)) return { kind: "none" };
  if (p.includes("{projectId}")) return { kind: "project_param" };
  if (p.startsWith("/v1/workspace/rooms/{roomId}")) return { kind: "room", from: "param" };
  if (p.startsWith("/v1/workspace/recordings/{id}")) return { kind: "recording" };
  if (p.startsWith("/v1/workspace/webhooks/{id}")) return { kind: "webhook" };
  return undefined;
}

/** Whether the rule can answer 404 for a resource outside the key's project. */
export function scopeMayHide(rule: ProjectScopeRule | undefined): boolean {
  return rule !== undefined && !["handler", "none", "org"].includes(rule.kind);
}
