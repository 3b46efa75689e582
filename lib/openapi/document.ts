import { z } from "zod";
import { rolesWith } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { ERROR_STATUS, type ErrorCode } from "@/lib/http/errors";
import { problemSchema } from "@/lib/http/problem-schema";
import { limits } from "@/lib/ratelimit/policies";
import { errorCodesOf, type RouteContract } from "@/lib/routes/contract";

type Json = Record<string, unknown>;

const COMPONENT = "#/components/schemas/";

/**
 * zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) with zod's built-in converter.
 * Named schemas (`.meta({ id })`) become components; requests are described as clients send
 * them (`io: "input"`: defaults optional, aliases before normalisation), responses as sent.
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, Json>): Json {
  const converted = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override: (ctx) => {
      const s = ctx.jsonSchema as Json;
      // zod's non-standard format name, and its long date-time regex: `format` says it all.
      if (s.format === "starts_with") delete s.format;
      if (s.format === "date-time") delete s.pattern;
    },
  }) as Json;
  const { $defs, $schema: _, ...root } = converted as Json & { $defs?: Record<string, Json> };
  // Named schemas nest (an endpoint holds its health): their references point at components too.
  const toComponents = (j: Json) =>
    JSON.parse(JSON.stringify(j).replaceAll('"#/$defs/', `"${COMPONENT}`)) as Json;
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= toComponents(def);
  return toComponents(root);
}

function queryParameters(schema: z.ZodType, components: Record<string, Json>): Json[] {
  const json = toSchema(schema, "input", components) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

const SECURITY: Record<RouteContract["auth"], Json[] | undefined> = {
  none: [],
  session: [{ sessionCookie: [] }, { sessionBearer: [] }],
  project_key: [{ projectKey: [] }],
  media_secret: [{ mediaIngestSecret: [] }],
  media_events: [{ mediaEventsBasic: [] }],
  media_webhook: [{ mediaWebhookJwt: [] }],
  recorder: [{ recorderSecret: [] }],
};

const problemResponse = (codes: ErrorCode[]): Json => ({
  description: codes.map((c) => `\`${c}\``).join(", "),
  content: { "application/problem+json": { schema: { $ref: `${COMPONENT}Problem` } } },
  headers: codes.includes("rate_limited")
    ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } }
    : undefined,
});

function operationObject(op: RouteContract, components: Record<string, Json>): Json {
  const parameters: Json[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (op.query) parameters.push(...queryParameters(op.query, components));
  if (op.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

  const responses: Json = {};
  for (const [status, r] of Object.entries(op.responses)) {
    responses[status] = {
      description: r.description,
      ...(r.schema
        ? { content: { "application/json": { schema: toSchema(r.schema, "output", components) } } }
        : {}),
      ...(r.stream ? { content: { [r.stream]: { schema: { type: "string" } } } } : {}),
      ...(op.auth === "session" || op.rateLimits?.length
        ? {
            headers: {
              RateLimit: { $ref: "#/components/headers/RateLimit" },
              "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
            },
          }
        : {}),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(op)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b))
    responses[status] = problemResponse(codes);

  const notes: string[] = [];
  if (op.permission) notes.push(`Roles: ${rolesWith(op.permission).join(", ")} (\`${op.permission}\`).`);
  if (op.keyScope) notes.push(`Project-key scope: \`${op.keyScope}\` or \`all\`.`);
  const policies = [...(op.auth === "session" ? [limits.session] : []), ...(op.rateLimits ?? [])];
  if (policies.length > 0) {
    notes.push(
      `Rate limits: ${policies.map((l) => `${l.policy.name} (${l.policy.points} per ${l.policy.durationSec} s)`).join("; ")}.`,
    );
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: [op.description, ...notes].filter(Boolean).join("\n\n"),
    tags: [op.tag],
    // The workspace API also takes a workspace API key (docs/decisions/1290).
    security:
      op.auth === "session" && op.path.startsWith("/v1/workspace/")
        ? [...(SECURITY.session ?? []), { workspaceKey: [] }]
        : SECURITY[op.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { "application/json": { schema: toSchema(op.body, "input", components) } },
          },
        }
      : {}),
    responses,
    ...(op.permission ? { "x-permission": op.permission, "x-roles": rolesWith(op.permission) } : {}),
    ...(op.rateLimits?.length || op.auth === "session"
      ? { "x-rate-limits": policies.map((l) => l.policy) }
      : {}),
  };
}

/** One event type a receiver can get: the body it is sent (lib/events/event-types.ts). */
export interface WebhookEvent {
  summary: string;
  body: z.ZodType;
}

const header = (name: string, description: string): Json => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
});

/** The headers of every delivery (docs/spec/product-decisions.md §6, docs/decisions/0940). */
const DELIVERY_HEADERS: Json[] = [
  header("webhook-id", "Standard Webhooks: the `evt_` id, the same on every attempt; dedupe on it."),
  header("webhook-timestamp", "Standard Webhooks: Unix seconds of this attempt."),
  header(
    "webhook-signature",
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per active secret, space-separated.',
  ),
  header("X-SVC-Webhook-Id", "The same `evt_` id."),
  header("X-SVC-Webhook-Type", "The event type."),
  header("X-SVC-Webhook-Ts", "RFC 3339 with nine fractional digits, fresh on every attempt."),
  header(
    "X-SVC-Webhook-Sig",
    "Unpadded base64 HMAC-SHA256 of `<X-SVC-Webhook-Ts>.<body>`, keyed with the current secret string.",
  ),
  header("X-SVC-Webhook-Kid", "The key id of the current secret."),
  header("X-SVC-Webhook-Attempt", "1 to 7."),
];

/** OpenAPI 3.1's top-level `webhooks`: each event a receiver can get, with its body and headers. */
function webhooksObject(
  events: Readonly<Record<string, WebhookEvent>>,
  components: Record<string, Json>,
): Json {
  const out: Json = {};
  for (const [type, event] of Object.entries(events)) {
    out[type] = {
      post: {
        operationId: `event:${type}`,
        summary: event.summary,
        // The receiver authenticates us by the signature headers (verifyWebhook in @svc/sdk).
        security: [{ webhookSignature: [] }],
        tags: ["Webhook events"],
        parameters: DELIVERY_HEADERS,
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(event.body, "output", components) } },
        },
        responses: {
          "2XX": { description: "Delivered." },
          "410": { description: "Gone: the delivery ends and is not retried." },
          default: {
            description:
              "Anything else (or a timeout after 10 s, or a redirect) is retried on the schedule; 429 and 503 may send `Retry-After`.",
          },
        },
      },
    };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the whole API, built from the routes' contracts (app/api-routes.ts
 * collects them; served at /v1/openapi.json) and the event types receivers get (`webhooks`).
 */
export function buildOpenApiDocument(
  contracts: readonly RouteContract[],
  events: Readonly<Record<string, WebhookEvent>> = {},
): Json & { openapi: "3.1.0" } {
  const components: Record<string, Json> = {};
  toSchema(problemSchema, "output", components);
  const paths: Record<string, Json> = {};
  for (const op of contracts) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op, components) };
  }
  const webhooks = webhooksObject(events, components);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "SVC control plane API",
      version: "1",
      description:
        "Workspace API, room-token minting and webhook registration. Every error is `application/problem+json` with a stable `code`. POSTs accept `Idempotency-Key` (Stripe semantics, 24 h).",
    },
    servers: [{ url: env.baseUrl }],
    tags: [
      ...new Set(contracts.map((o) => o.tag)),
      ...(Object.keys(events).length ? ["Webhook events"] : []),
    ].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "svc_session",
          description: "Set by POST /v1/auth/login.",
        },
        sessionBearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The session token as a Bearer token.",
        },
        workspaceKey: {
          type: "http",
          scheme: "bearer",
          description:
            "A workspace API key, `svc_wk_<id>.<secret>`: the workspace API for automation, with the key's role and optional project scope (docs/decisions/1290).",
        },
        webhookSignature: {
          type: "apiKey",
          in: "header",
          name: "webhook-signature",
          description:
            "Sent by this service to your endpoint: Standard Webhooks HMAC-SHA256 signatures with the endpoint's signing secret (see the delivery headers); verify with `verifyWebhook`.",
        },
        projectKey: {
          type: "http",
          scheme: "bearer",
          description: "A project API key: `svc_pk_<keyId>.<secret>` (the bare secret works too).",
        },
        mediaIngestSecret: { type: "http", scheme: "bearer", description: "`SVC_MEDIA_INGEST_SECRET`." },
        recorderSecret: {
          type: "http",
          scheme: "bearer",
          description: "A recording agent: `SVC_RECORDER_SECRET`.",
        },
        mediaEventsBasic: {
          type: "http",
          scheme: "basic",
          description: "A media server's event handler: any user name, the password `JANUS_EVENTS_SECRET`.",
        },
        mediaWebhookJwt: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description:
            "LiveKit's webhook signature: a JWT (no `Bearer`) signed HS256 with `LIVEKIT_API_SECRET`, issuer `LIVEKIT_API_KEY`, whose `sha256` claim is the base64 SHA-256 of the raw body; at most five minutes old.",
        },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "1 to 255 visible ASCII characters (a UUID is typical). The same key with the same request replays the first response for 24 h (`Idempotent-Replayed: true`); with another method, path or body it is 422 `idempotency_key_reused`; while the first is still running a duplicate waits for it (409 `conflict` after 5 s).",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        RateLimit: {
          description:
            'Remaining quota per policy (draft-ietf-httpapi-ratelimit-headers), e.g. `"session";r=598;t=42`.',
          schema: { type: "string" },
        },
        "RateLimit-Policy": {
          description: 'The policies, e.g. `"session";q=600;w=60`.',
          schema: { type: "string" },
        },
        "Retry-After": { description: "Seconds until a retry can succeed.", schema: { type: "integer" } },
      },
    },
  };
}
