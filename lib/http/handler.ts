import { randomUUID } from "node:crypto";
import { can, type Permission, rolesWith } from "@/lib/auth/roles";
import {
  decodeSessionToken,
  extractSessionToken,
  needsRenewal,
  sessionCookieHeader,
} from "@/lib/auth/session";
import { assertEnrolledIfRequired } from "@/lib/auth/two-factor/enrolment-gate";
import { type Db, getDb } from "@/lib/db";
import { databaseUnavailable, isDatabaseUnavailable, isUnstorableText } from "@/lib/db-errors";
import { assertSameOrigin } from "@/lib/http/csrf";
import { ApiError, validationError } from "@/lib/http/errors";
import { ClientClosedError } from "@/lib/http/request";
import { problem } from "@/lib/http/response";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { loadSessionMember, type Member, type SessionMember } from "@/lib/identity/load-member";
import { log, requestContext } from "@/lib/log/logger";
import { UNMATCHED_ROUTE } from "@/lib/observability/metrics";
import { observeHandledRequest } from "@/lib/observability/observe-request";
import { announcedRateLimitHeaders } from "@/lib/ratelimit/announce";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { renewSession } from "@/lib/sessions/renew-session";
import { touchSession } from "@/lib/sessions/touch-session";
import { authenticateWorkspaceKey } from "@/lib/workspace-keys/authenticate-workspace-key";
import { looksLikeWorkspaceKey } from "@/lib/workspace-keys/key-format";
import { isPersonOnly } from "@/lib/workspace-keys/project-scope-rule";

/** What Next passes a route handler: dynamic segments arrive as a promise since Next 15. */
export interface RouteContext<P> {
  params: Promise<P>;
}
type Params = Record<string, string | string[]>;
export type RouteHandler<P extends Params = Params> = (
  req: Request,
  ctx: RouteContext<P>,
) => Promise<Response>;

/**
 * Every handler runs inside this: any throw becomes problem+json; nothing unexpected leaks as HTML.
 * `route` is the handler's path template (a contract's `path`, or a literal beside the route): the
 * metrics label and span name. Without one the request counts as UNMATCHED_ROUTE.
 */
export function handle<P extends Params>(
  fn: (req: Request, params: P) => Promise<Response>,
  route: string = UNMATCHED_ROUTE,
): RouteHandler<P> {
  return (req, ctx) => {
    const requestId = requestIdOf(req);
    const pathname = new URL(req.url).pathname;
    return requestContext.run({ requestId }, () =>
      observeHandledRequest(req, requestId, route, async () => {
        const started = performance.now();
        let res: Response;
        try {
          const params = (await ctx?.params) ?? ({} as P);
          // No id contains U+0000, and the database cannot even compare one: such a path names nothing.
          if (Object.values(params).some((v) => String(v).includes("\u0000"))) {
            throw new ApiError("not_found", "No such resource.");
          }
          res = await fn(req, params);
        } catch (err) {
          res = toProblem(err, req);
        }
        try {
          res.headers.set("x-request-id", requestId);
          // Every limit the request spent, as its contract declares (lib/ratelimit/announce.ts).
          const limited = announcedRateLimitHeaders();
          if (limited) for (const [name, value] of Object.entries(limited)) res.headers.set(name, value);
        } catch {
          // Immutable headers (a proxied response): the id is still in the log line.
        }
        log.info("request", {
          method: req.method,
          path: pathname,
          status: res.status,
          ms: Math.round(performance.now() - started),
        });
        return res;
      }),
    );
  };
}

/** A caller's `X-Request-Id` is kept when it looks like one; otherwise a fresh id is minted. */
function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

export function toProblem(err: unknown, req: Request): Response {
  if (err instanceof ApiError) return problem(err);
  if (isUnstorableText(err)) {
    return problem(
      validationError([
        { path: "", message: "A value contains a character that cannot be stored (such as U+0000)." },
      ]),
    );
  }
  // Before the database check: a reset body stream carries ECONNRESET too (docs/decisions/1057).
  if (err instanceof ClientClosedError || req.signal?.aborted) {
    log.info("client disconnected", { method: req.method, path: new URL(req.url).pathname });
    return problem(new ApiError("malformed_request", "The client closed the request before it was read."));
  }
  if (isDatabaseUnavailable(err)) {
    log.warn("database unavailable", { method: req.method, path: new URL(req.url).pathname, err });
    return problem(databaseUnavailable());
  }
  log.error("unhandled error", { method: req.method, path: new URL(req.url).pathname, err });
  return problem(new ApiError("internal_error", "Something went wrong on our side."));
}

export interface WorkspaceContext<P> {
  req: Request;
  params: P;
  member: SessionMember;
  db: Db;
}

/**
 * The caller: a workspace API key (Bearer `svc_wk_…`, docs/decisions/1290), or a session (cookie or
 * Bearer) -> its server-side row and membership, in the one member query.
 */
export async function authenticate(req: Request, db: Db): Promise<{ member: SessionMember; renew: boolean }> {
  const presented = extractSessionToken(req.headers);
  if (!presented)
    throw new ApiError(
      "unauthenticated",
      "Sign in, or send a workspace API key (or a session token) as a Bearer token.",
    );
  if (presented.source === "bearer" && looksLikeWorkspaceKey(presented.token)) {
    const member = await authenticateWorkspaceKey(db, presented.token);
    if (!member)
      throw new ApiError("unauthenticated", "The workspace API key is invalid, revoked or expired.");
    return { member, renew: false };
  }
  if (presented.source === "cookie") assertSameOrigin(req);
  const claims = await decodeSessionToken(presented.token);
  if (!claims) {
    if (presented.source === "bearer" && /^svc_(pk|live)_/.test(presented.token))
      throw new ApiError(
        "unauthenticated",
        "That is a project key, for room tokens and webhooks; the workspace API takes a workspace API key (svc_wk_…) or a session token.",
      );
    // Bearer sessions do not slide (docs/decisions/1291): automation uses a workspace key.
    throw new ApiError(
      "unauthenticated",
      presented.source === "bearer"
        ? "The session is invalid or has expired. Sign in again, or use a workspace API key (svc_wk_…) for automation."
        : "The session is invalid or has expired.",
    );
  }
  const member = await loadSessionMember(db, claims);
  if (!member)
    throw new ApiError(
      "unauthenticated",
      "The session has ended, or no longer matches a member of an organisation.",
    );
  return { member, renew: presented.source === "cookie" && needsRenewal(claims) };
}

export function requirePermission(member: Member, permission: Permission): void {
  if (!can(member.role, permission)) {
    throw new ApiError(
      "forbidden_workspace_role",
      `The ${member.role} role cannot do this; it needs ${permission} (held by ${rolesWith(permission).join(", ")}).`,
    );
  }
}

/**
 * A workspace endpoint: session (cookie or Bearer JWT) -> membership -> per-session rate limit ->
 * role check -> handler, a POST under its `Idempotency-Key` (lib/idempotency). A cookie older than
 * a day is re-issued on the response (sliding 7-day session).
 */
export function workspace<P extends Params>(
  permission: Permission | null,
  fn: (ctx: WorkspaceContext<P>) => Promise<Response>,
  route?: string,
): RouteHandler<P> {
  return handle<P>(async (req, params) => {
    const db = await getDb();
    const { member, renew } = await authenticate(req, db);
    // A key acts on the workspace API; signing out, passwords, org switching, second factors and
    // sessions are a person's.
    if (member.key && (!(route ?? "").startsWith("/v1/workspace/") || isPersonOnly(route ?? "")))
      throw new ApiError(
        "unauthenticated",
        "This endpoint needs a person's session; a workspace API key cannot use it.",
      );
    // Announced on the answer by `handle`, with any other limit the endpoint spends.
    await enforceRateLimit(
      limits.session,
      `${member.userId}:${member.orgId}`,
      "Too many requests from this session. Slow down and retry after the time in Retry-After.",
    );
    assertEnrolledIfRequired(member, route);
    if (permission) requirePermission(member, permission);
    await touchSession(db, member);
    const res = await withIdempotency(req, `usr:${member.userId}:${member.orgId}`, (r) =>
      fn({ req: r, params, member, db }),
    );
    if (renew) {
      res.headers.append("set-cookie", sessionCookieHeader(await renewSession(db, member)));
    }
    return res;
  }, route);
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The 405 fillers `methods()` exports, so the OpenAPI coverage test tells real handlers from them. */
const NOT_ALLOWED_FILLERS = new WeakSet<object>();
export function isNotAllowedFiller(handler: unknown): boolean {
  return typeof handler === "function" && NOT_ALLOWED_FILLERS.has(handler);
}
type Method = (typeof METHODS)[number];

/** A route module's exports: the given methods, and 405 problem+json with `Allow` for the rest. */
export function methods<P extends Params>(
  handlers: Partial<Record<Method, RouteHandler<P>>>,
): Record<Method, RouteHandler<P>> {
  const allow = METHODS.filter((m) => handlers[m]).join(", ");
  const notAllowed: RouteHandler<P> = async () =>
    problem(new ApiError("method_not_allowed", `Allowed: ${allow}.`, { headers: { Allow: allow } }));
  NOT_ALLOWED_FILLERS.add(notAllowed);
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<
    Method,
    RouteHandler<P>
  >;
}
