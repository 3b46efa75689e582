import type { z } from "zod";
import type { ApiKeyScope } from "@/lib/api-keys/scopes";
import type { Permission } from "@/lib/auth/roles";
import type { ErrorCode } from "@/lib/http/errors";
import type { RateLimit } from "@/lib/ratelimit/limiter";
import { projectScopeRule, scopeMayHide } from "@/lib/workspace-keys/project-scope-rule";

/**
 * A route's contract, declared once in the `contract.ts` beside its `route.ts`: the handler
 * wrapper (`implement`, lib/routes/implement.ts) enforces it and the OpenAPI document
 * (lib/openapi/document.ts) describes it, so the two cannot disagree. docs/decisions/0820.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * none | session (cookie or Bearer session JWT) | project key | the media plane's ingest secret |
 * a media server's event handler (HTTP basic with its secret: Janus can send nothing else) |
 * a media server's signed webhook (LiveKit: a JWT over the body's hash, signed with its API secret),
 * a recording agent (Bearer SVC_RECORDER_SECRET: docs/decisions/1082)
 */
export type Auth =
  | "none"
  | "session"
  | "project_key"
  | "media_secret"
  | "media_events"
  | "media_webhook"
  | "recorder";

/** One success answer; `schema` absent means no body (204, or a non-JSON body described in words). */
export interface SuccessResponse {
  description: string;
  schema?: z.ZodType;
  /**
   * A streamed, non-JSON body (server-sent events; an HLS playlist): the handler answers
   * `{ status, stream }`.
   */
  stream?: "text/event-stream" | "application/vnd.apple.mpegurl";
}

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI path template: `{name}` for a dynamic segment (`[name]` in app/). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** Workspace permission (session auth), checked by `implement`; the document lists its roles. */
  permission?: Permission;
  /** Project-key scope needed (`all` also passes); the handler authenticates the key with it. */
  keyScope?: ApiKeyScope;
  /** Cloud mode: the org must have selected a plan (docs/spec/product-decisions.md §2); checked by `implement`. */
  planGate?: boolean;
  /** The JSON body, parsed by `implement` before the handler runs. */
  body?: z.ZodType;
  /** A POST whose body may be absent (anything sent is ignored). */
  noBody?: boolean;
  /** The declared body may be left out altogether (read as `{}`); one that is sent is checked. */
  bodyOptional?: boolean;
  /** The query string, parsed by `implement`. */
  query?: z.ZodType;
  /** Success answers by status; the handler's reply is typed by them. */
  responses: Readonly<Record<number, SuccessResponse>>;
  /** Problem codes this operation may answer, besides those its auth, body and idempotency imply. */
  errors: readonly ErrorCode[];
  /** Rate limits that apply, besides the per-session one of every session-authenticated call. */
  rateLimits?: readonly RateLimit[];
  /** Accepts `Idempotency-Key` (every POST but sign-in and sign-out). */
  idempotent?: boolean;
}

/** Declares a contract, keeping its literal types (statuses, schemas) for `implement`'s reply type. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** The problem codes an operation may answer: its own plus those its auth, input and idempotency imply. */
export function errorCodesOf(op: RouteContract): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors);
  const mutation = op.method !== "GET";
  if (op.auth === "session") {
    codes.add("unauthenticated").add("rate_limited");
    // The org requires two-factor and the caller has none yet (docs/decisions/1263).
    codes.add("two_factor_enrolment_required");
    if (mutation) codes.add("csrf_failed");
    if (op.permission) codes.add("forbidden_workspace_role");
    // A workspace API key scoped to one project (docs/decisions/1290).
    if (op.path.startsWith("/v1/workspace/")) {
      const rule = projectScopeRule(op);
      if (rule?.kind === "org" || rule?.kind === "body") codes.add("insufficient_scope");
      if (scopeMayHide(rule)) codes.add("not_found");
    }
  }
  if (op.auth === "project_key") codes.add("invalid_api_key").add("insufficient_scope");
  if (
    op.auth === "media_secret" ||
    op.auth === "media_events" ||
    op.auth === "media_webhook" ||
    op.auth === "recorder"
  ) {
    codes.add("unauthenticated");
  }
  if (op.planGate) codes.add("plan_required");
  if (op.body)
    codes
      .add("invalid_json")
      .add("unsupported_media_type")
      .add("payload_too_large")
      .add("validation_failed")
      // The body did not arrive within SVC_REQUEST_BODY_TIMEOUT_MS (docs/decisions/1057).
      .add("request_timeout");
  if (op.query) codes.add("validation_failed");
  if (op.rateLimits?.length) codes.add("rate_limited");
  // Past an account's sign-in limit, an unknown address must prove the mailbox (docs/decisions/1053).
  if (op.rateLimits?.some((l) => l.policy.name === "sign-in-account")) codes.add("sign_in_proof_required");
  if (op.idempotent) {
    codes.add("idempotency_key_reused").add("conflict").add("validation_failed").add("payload_too_large");
  }
  return [...codes].sort();
}
