import { z } from "zod";
import { mintApiKeyBody } from "@/lib/api-keys/api-key-schema";
import { listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { auditChainReportSchema } from "@/lib/audit/verify-audit-chain";
import { loginBody } from "@/lib/auth/login-schema";
import { selectPlanBody } from "@/lib/billing/plans";
import { sendInvitationsBody } from "@/lib/invitations/invitation-schema";
import { mediaReportBody } from "@/lib/media/media-report-schema";
import {
  apiKeySchema,
  auditEntrySchema,
  downloadLinkSchema,
  healthSchema,
  identitySchema,
  invitationResultSchema,
  itemsOnly,
  jwksSchema,
  mintedApiKeySchema,
  page,
  projectSchema,
  readinessSchema,
  roomTokenSchema,
  rotatedApiKeySchema,
} from "@/lib/openapi/schemas";
import { TEAMS_OPERATIONS } from "@/lib/openapi/teams-operations";
import { listProjectsQuery } from "@/lib/projects/list-projects";
import { createProjectBody } from "@/lib/projects/project-schema";
import { limits } from "@/lib/ratelimit/policies";
import { listRecordingsQuery } from "@/lib/recordings/list-recordings";
import { recordingSchema } from "@/lib/recordings/recording-schema";
import { errorCodesOf, type RouteContract } from "@/lib/routes/contract";
import { roomTokenBody } from "@/lib/tokens/room-token-schema";
import { createdWebhookSchema } from "@/lib/webhooks/endpoint-schema";
import { createProjectWebhookBody } from "@/lib/webhooks/webhook-schema";

/**
 * Every operation of the API, as data: the OpenAPI document, the console's API reference and the
 * fuzz test are built from it. Bodies and queries are the zod schemas the handlers parse with,
 * imported from lib/ (never copied). tests/openapi.test.ts fails when a route exports a handler
 * that has no entry here, or an entry names a route that does not exist.
 */

/** Until every route declares its contract beside its handler (lib/routes/contract.ts). */
export type Operation = RouteContract;
export { errorCodesOf };

const acceptedSchema = z.object({ accepted: z.literal(true) });
const ok = (schema: z.ZodType, description = "OK") => ({ 200: { description, schema } });
const created = (schema: z.ZodType, description = "Created") => ({ 201: { description, schema } });

/**
 * The operations whose routes have not yet moved to a `contract.ts` beside the handler; each
 * conversion deletes its entries here. app/api-routes.ts joins both lists.
 */
export const OPERATIONS: Operation[] = [
  // Auth
  {
    method: "POST",
    path: "/v1/auth/login",
    operationId: "signIn",
    summary: "Sign in",
    description:
      "Checks an email and password; 200 answers the identity and sets the `svc_session` cookie (HttpOnly, Secure, SameSite=Lax). The same token is accepted as `Authorization: Bearer`. Throttled per address (10 failures per 15 min) and per client IP (100 attempts per 15 min).",
    tag: "Auth",
    auth: "none",
    body: loginBody,
    responses: ok(identitySchema, "Signed in; `Set-Cookie: svc_session=…`"),
    errors: ["invalid_credentials", "rate_limited", "csrf_failed"],
    rateLimits: [limits.signInPerIp, limits.signInFailures],
  },
  {
    method: "POST",
    path: "/v1/auth/logout",
    operationId: "signOut",
    summary: "Sign out",
    description:
      "Ends the session on the server (the token is refused afterwards, as a cookie or a Bearer) and clears the cookie.",
    tag: "Auth",
    auth: "none",
    noBody: true,
    responses: { 204: { description: "Signed out" } },
    errors: ["csrf_failed"],
  },
  {
    method: "POST",
    path: "/v1/auth/tokens/room",
    operationId: "mintRoomToken",
    summary: "Mint a room token",
    description:
      "A customer's server mints a short-lived JWT that lets one user join one room. Authenticate with a project key (`Authorization: Bearer svc_pk_<keyId>.<secret>`). Verify tokens with `/.well-known/jwks.json`.",
    tag: "Room tokens",
    auth: "project_key",
    keyScope: "rooms:write",
    body: roomTokenBody,
    responses: ok(roomTokenSchema),
    errors: ["plan_required", "not_found", "room_ended", "room_type_preview", "insufficient_scope"],
    rateLimits: [limits.roomTokens],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/.well-known/jwks.json",
    operationId: "getJwks",
    summary: "Room-token public keys (JWKS)",
    tag: "Room tokens",
    auth: "none",
    responses: ok(jwksSchema),
    errors: [],
  },
  // Workspace
  {
    method: "GET",
    path: "/v1/workspace/me",
    operationId: "getIdentity",
    summary: "Who am I",
    description: "The caller's identity, role and the deployment mode.",
    tag: "Workspace",
    auth: "session",
    responses: ok(identitySchema),
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/plan",
    operationId: "selectPlan",
    summary: "Select the org's plan (extension)",
    tag: "Workspace",
    auth: "session",
    permission: "plan:select",
    body: selectPlanBody,
    responses: ok(identitySchema),
    errors: [],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/v1/workspace/audit-log",
    operationId: "listAuditLog",
    summary: "Audit log (extension)",
    description:
      "The org's append-only audit trail, newest first: keys minted, rotated and revoked; webhooks created, changed, deleted and their secrets rotated; plan selections; sign-ins. Who, when, what and from where.",
    tag: "Workspace",
    auth: "session",
    permission: "audit:read",
    query: listAuditLogQuery,
    responses: ok(page(auditEntrySchema)),
    errors: [],
  },
  {
    method: "GET",
    path: "/v1/workspace/audit-log/verify",
    operationId: "verifyAuditLog",
    summary: "Verify the audit log's hash chain (extension)",
    description:
      "Walks the org's hash-chained audit trail and reports whether every entry still matches its hash and links to the one before, and if not, the first entry where the chain breaks. `head` is the newest entry's hash: keep it elsewhere to detect a rewrite of the whole chain.",
    tag: "Workspace",
    auth: "session",
    permission: "audit:verify",
    responses: ok(auditChainReportSchema),
    errors: [],
  },
  // Projects
  {
    method: "GET",
    path: "/v1/workspace/projects",
    operationId: "listProjects",
    summary: "List projects",
    tag: "Projects",
    auth: "session",
    permission: "projects:read",
    query: listProjectsQuery,
    responses: ok(page(projectSchema)),
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/projects",
    operationId: "createProject",
    summary: "Create a project",
    tag: "Projects",
    auth: "session",
    permission: "projects:create",
    body: createProjectBody,
    responses: created(projectSchema),
    errors: ["slug_taken"],
    idempotent: true,
  },
  // Recordings
  {
    method: "GET",
    path: "/v1/workspace/recordings",
    operationId: "listRecordings",
    summary: "List recordings",
    tag: "Recordings",
    auth: "session",
    permission: "recordings:read",
    query: listRecordingsQuery,
    responses: ok(itemsOnly(recordingSchema)),
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/recordings/{id}/download",
    operationId: "createRecordingDownloadLink",
    summary: "Download link for a recording",
    description: "A presigned object-storage URL valid five minutes. No body.",
    tag: "Recordings",
    auth: "session",
    permission: "recordings:download",
    noBody: true,
    responses: ok(downloadLinkSchema),
    errors: ["not_found"],
    idempotent: true,
  },
  // API keys
  {
    method: "GET",
    path: "/v1/workspace/projects/{projectId}/api-keys",
    operationId: "listApiKeys",
    summary: "List a project's API keys (extension)",
    tag: "API keys",
    auth: "session",
    permission: "projects:read",
    responses: ok(itemsOnly(apiKeySchema)),
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/v1/workspace/projects/{projectId}/api-keys",
    operationId: "mintApiKey",
    summary: "Mint an API key",
    description: "The secret is returned once; only its SHA-256 hash is stored.",
    tag: "API keys",
    auth: "session",
    permission: "api_keys:write",
    body: mintApiKeyBody,
    responses: created(mintedApiKeySchema),
    errors: ["plan_required", "not_found"],
    idempotent: true,
  },
  {
    method: "POST",
    path: "/v1/workspace/projects/{projectId}/api-keys/{id}/rotate",
    operationId: "rotateApiKey",
    summary: "Rotate an API key",
    description: "Returns a new secret; the previous one stops working at once. No body.",
    tag: "API keys",
    auth: "session",
    permission: "api_keys:write",
    noBody: true,
    responses: ok(rotatedApiKeySchema),
    errors: ["not_found"],
    idempotent: true,
  },
  {
    method: "DELETE",
    path: "/v1/workspace/projects/{projectId}/api-keys/{id}",
    operationId: "revokeApiKey",
    summary: "Revoke an API key",
    description: "Permanent.",
    tag: "API keys",
    auth: "session",
    permission: "api_keys:write",
    responses: { 204: { description: "Revoked" } },
    errors: ["not_found"],
  },
  // Invitations
  {
    method: "POST",
    path: "/v1/workspace/meet/invitations",
    operationId: "sendInvitations",
    summary: "Invite people to a room",
    description:
      "Queues one email per valid recipient (1 to 50 entries). At most 200 emails per org per rolling hour go out; the rest wait and are released evenly.",
    tag: "Invitations",
    auth: "session",
    permission: "invitations:send",
    body: sendInvitationsBody,
    responses: ok(invitationResultSchema),
    errors: ["plan_required", "not_found", "room_ended"],
    rateLimits: [limits.invitations],
    idempotent: true,
  },
  // Webhooks (the workspace routes declare their contracts beside their handlers)
  {
    method: "POST",
    path: "/v1/webhooks/endpoints",
    operationId: "registerProjectWebhook",
    summary: "Register a project webhook endpoint (project key)",
    description:
      "Endpoints of the key's project; accepts every event of the catalog. The secret is returned once.",
    tag: "Webhooks",
    auth: "project_key",
    keyScope: "webhooks:write",
    body: createProjectWebhookBody,
    responses: created(createdWebhookSchema),
    errors: ["insufficient_scope"],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/v1/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI document",
    tag: "Meta",
    auth: "none",
    responses: ok(z.looseObject({ openapi: z.literal("3.1.0") })),
    errors: [],
  },
  // Probes
  {
    method: "GET",
    path: "/healthz",
    operationId: "liveness",
    summary: "Liveness probe",
    tag: "Probes",
    auth: "none",
    responses: ok(healthSchema),
    errors: [],
  },
  {
    method: "GET",
    path: "/readyz",
    operationId: "readiness",
    summary: "Readiness probe",
    description: "503 (this JSON, not a problem) names the failing dependency check.",
    tag: "Probes",
    auth: "none",
    responses: {
      200: { description: "Ready", schema: readinessSchema },
      503: { description: "Not ready", schema: readinessSchema },
    },
    errors: [],
  },
  // Internal
  {
    method: "POST",
    path: "/v1/internal/media-events",
    operationId: "ingestMediaReport",
    summary: "Media-plane lifecycle report (internal)",
    description:
      "Authenticated with `Authorization: Bearer $SVC_MEDIA_INGEST_SECRET`. A repeated report id changes nothing.",
    tag: "Internal",
    auth: "media_secret",
    body: mediaReportBody,
    responses: { 202: { description: "Accepted (also for a repeated report id)", schema: acceptedSchema } },
    errors: ["not_found"],
    idempotent: true,
  },
  ...TEAMS_OPERATIONS,
];

/** Routes that are not part of the API: framework plumbing and the /v1 fallback. */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {
  "/api/auth/{...nextauth}": "next-auth's own endpoints behind the console's sign-in form",
  "/api/inngest": "Inngest's serve endpoint (signed by Inngest)",
  "/metrics": "Prometheus scrape endpoint (text exposition format; bearer SVC_METRICS_TOKEN)",
  "/v1/{...path}": "the problem+json 404 for any /v1 path without a route",
  "/v1": "the problem+json 404 for the bare /v1",
  "/storage/{...path}":
    "the embedded object store's presigned downloads (links come from the download endpoint)",
};
