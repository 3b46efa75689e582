import { z } from "zod";
import type { MintedApiKey } from "@/lib/api-keys/mint-api-key";
import type { RotatedApiKey } from "@/lib/api-keys/rotate-api-key";
import { API_KEY_SCOPES, KEY_GRANTS } from "@/lib/api-keys/scopes";
import type { ApiKeyDto } from "@/lib/api-keys/serialize-api-key";
import type { AuditEntryDto } from "@/lib/audit/list-audit-log";
import { AUDIT_ACTIONS } from "@/lib/audit/record-audit";
import { ROLES } from "@/lib/auth/roles";
import { ERROR_STATUS } from "@/lib/http/errors";
import type { Identity } from "@/lib/identity/load-member";
import type { InvitationResult } from "@/lib/invitations/send-invitations";
import { ENVIRONMENTS } from "@/lib/projects/project-schema";
import type { ProjectDto } from "@/lib/projects/serialize-project";
import type { DownloadLink } from "@/lib/recordings/create-download-link";
import { itemsOnly, page, prefixedId, timestamp } from "@/lib/wire";

/**
 * Response schemas of the OpenAPI document. Request schemas are never defined here: the registry
 * imports the very zod objects the handlers parse with. Responses are plain serializers in lib/, so
 * each schema below is pinned to its serializer's type (same field names, checked by tsc) and to
 * real answers (tests/openapi.test.ts validates live responses against it).
 */

const id = prefixedId;

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 7807 problem details (application/problem+json)." });

export const identitySchema = z
  .object({
    user_id: id("usr_"),
    email: z.string(),
    display_name: z.string(),
    org: z.object({ id: id("org_"), name: z.string(), role: z.enum(ROLES) }),
    plan_selected: z.boolean(),
    deployment_mode: z.enum(["cloud", "self_host"]),
  })
  .meta({ id: "Identity" });

export const projectSchema = z
  .object({
    id: id("prj_"),
    name: z.string(),
    slug: z.string(),
    environment: z.enum(ENVIRONMENTS),
    created_at: timestamp,
  })
  .meta({ id: "Project" });

export const downloadLinkSchema = z
  .object({ download_url: z.string(), filename: z.string(), expires_at: timestamp })
  .meta({ id: "DownloadLink" });

export const apiKeySchema = z
  .object({
    id: id("key_"),
    project_id: id("prj_"),
    name: z.string(),
    scope: z.enum(API_KEY_SCOPES),
    grants: z.array(z.enum(KEY_GRANTS)),
    prefix: z.string(),
    state: z.enum(["active", "revoked"]),
    created_at: timestamp,
    rotated_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: "ApiKey", description: "A key as lists show it: never the secret." });

export const mintedApiKeySchema = z
  .object({
    id: id("key_"),
    name: z.string(),
    scope: z.enum(API_KEY_SCOPES),
    grants: z.array(z.enum(KEY_GRANTS)),
    secret: z.string().startsWith("svc_live_").meta({ description: "Shown once." }),
    prefix: z.string(),
    project_key: z
      .string()
      .startsWith("svc_pk_")
      .meta({ description: "`svc_pk_<keyId>.<secret>`; shown once." }),
    created_at: timestamp,
  })
  .meta({ id: "MintedApiKey" });

export const rotatedApiKeySchema = z
  .object({
    id: id("key_"),
    secret: z.string().startsWith("svc_live_"),
    prefix: z.string(),
    project_key: z.string().startsWith("svc_pk_"),
    rotated_at: timestamp,
  })
  .meta({ id: "RotatedApiKey" });

export const roomTokenSchema = z
  .object({ token: z.string().meta({ description: "ES256/EdDSA JWT" }), expires_at: timestamp })
  .meta({ id: "RoomToken" });

export const invitationResultSchema = z
  .object({
    queued: z.number().int(),
    rejected: z.array(z.string()),
    invitation_id: id("inv_"),
    recipients: z.array(z.object({ email: z.string(), release_at: timestamp })),
  })
  .meta({ id: "InvitationResult" });

export const auditEntrySchema = z
  .object({
    id: id("aud_"),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      type: z.enum(["user", "api_key", "system"]),
      id: z.string(),
      label: z.string().nullable(),
    }),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    request_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    created_at: timestamp,
  })
  .meta({ id: "AuditEntry" });

export const jwksSchema = z
  .object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) })
  .meta({ id: "JWKS" });

export const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });

export const readinessSchema = z
  .object({
    status: z.enum(["ready", "unavailable"]),
    checks: z.array(
      z.object({ name: z.string(), ok: z.boolean(), ms: z.number(), error: z.string().optional() }),
    ),
  })
  .meta({ id: "Readiness" });

export { itemsOnly, page };

// Field names of each schema equal those of its serializer's type: a field added on one side only
// fails the type check (values are checked against live responses by the tests).
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false;
function pinned<_T extends true>(): void {}
pinned<SameKeys<z.output<typeof identitySchema>, Identity>>();
pinned<SameKeys<z.output<typeof projectSchema>, ProjectDto>>();
pinned<SameKeys<z.output<typeof downloadLinkSchema>, DownloadLink>>();
pinned<SameKeys<z.output<typeof apiKeySchema>, ApiKeyDto>>();
pinned<SameKeys<z.output<typeof mintedApiKeySchema>, MintedApiKey>>();
pinned<SameKeys<z.output<typeof rotatedApiKeySchema>, RotatedApiKey>>();
pinned<SameKeys<z.output<typeof invitationResultSchema>, InvitationResult>>();
pinned<SameKeys<z.output<typeof auditEntrySchema>, AuditEntryDto>>();
