import { z } from "zod";
import { CATALOG_EVENTS, DELIVERY_EVENT_TYPES, WORKSPACE_EVENTS } from "@/lib/webhooks/event-catalog";
import { MAX_URL_LENGTH, webhookUrlProblem } from "@/lib/webhooks/webhook-url";

export const MAX_DESCRIPTION_LENGTH = 500;

const url = z
  .string({ error: "url must be a string" })
  .trim()
  .min(1, "url is required")
  .max(MAX_URL_LENGTH, `url must be at most ${MAX_URL_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => new URL(value).href);

/** A non-empty list of names from `allowed` (an enum in the document); duplicates are folded. */
export function eventList<const E extends readonly [string, ...string[]]>(allowed: E) {
  return z
    .array(
      z.enum(allowed, {
        error: (issue) => `unknown event ${JSON.stringify(issue.input)}; one of ${allowed.join(", ")}`,
      }),
      { error: "events must be an array of event names" },
    )
    .min(1, "events must name at least one event")
    .max(allowed.length * 4, "too many events")
    .transform((names) => [...new Set(names)]);
}

const description = z
  .string({ error: "description must be a string" })
  .max(MAX_DESCRIPTION_LENGTH, `description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
  .transform((v) => (v.trim() === "" ? null : v));

export const MAX_RATE_LIMIT = 10_000;

/** Deliveries per second at most, decimals allowed (0.5: one every 2 s); null: unlimited (0942). */
const rateLimit = z
  .number({ error: "rate_limit must be a number of deliveries per second, or null" })
  .positive("rate_limit must be greater than 0 (null: unlimited)")
  .max(MAX_RATE_LIMIT, `rate_limit must be at most ${MAX_RATE_LIMIT}`);

/**
 * Endpoint 9: org-wide endpoints, the workspace's five events; with `project_id` (an extension, for
 * the console: issue 38) an endpoint of that project and the whole catalog, as endpoint 15 makes.
 */
export const createWorkspaceWebhookBody = z
  .object({
    url,
    events: eventList(CATALOG_EVENTS),
    description: description.nullish(),
    rate_limit: rateLimit.nullish(),
    project_id: z
      .string({ error: "project_id must be a project id" })
      .min(1, "project_id must be a project id")
      .max(64, "project_id must be a project id")
      .nullish()
      .meta({
        description: "Extension: the project whose events it receives (any catalog event); absent: org-wide.",
      }),
  })
  .superRefine((b, ctx) => {
    if (b.project_id) return;
    const allowed: readonly string[] = WORKSPACE_EVENTS;
    b.events.forEach((name, i) => {
      if (!allowed.includes(name)) {
        ctx.addIssue({
          code: "custom",
          path: ["events", i],
          message: `unknown event ${JSON.stringify(name)}; one of ${WORKSPACE_EVENTS.join(", ")} (or give project_id for the whole catalog)`,
        });
      }
    });
  });

/** Endpoint 15: endpoints of the key's project, the whole catalog. */
export const createProjectWebhookBody = z.object({
  url,
  events: eventList(CATALOG_EVENTS),
  description: description.nullish(),
  rate_limit: rateLimit.nullish(),
});

export type CreateWebhookInput = z.output<typeof createProjectWebhookBody>;

/** PATCH: `events` is narrowed to the endpoint's own catalog by updateWebhook. */
export const patchWebhookBody = z
  .object({
    url: url
      .optional()
      .meta({ description: "Checked as on creation (HTTPS; in cloud mode no internal host)." }),
    active: z.boolean({ error: "active must be true or false" }).optional(),
    events: eventList(CATALOG_EVENTS).optional(),
    description: description.nullable().optional(),
    rate_limit: rateLimit.nullable().optional(),
  })
  .refine(
    (b) =>
      b.url !== undefined ||
      b.active !== undefined ||
      b.events !== undefined ||
      b.description !== undefined ||
      b.rate_limit !== undefined,
    { message: "Give at least one of url, active, events, description, rate_limit." },
  );

export type PatchWebhookInput = z.output<typeof patchWebhookBody>;

/** POST …/test: which example to send; absent, the `webhook.test` event (0946). */
export const sendTestBody = z.object({
  event_type: z
    .enum(DELIVERY_EVENT_TYPES, { error: `event_type must be one of ${DELIVERY_EVENT_TYPES.join(", ")}` })
    .optional(),
});
export type SendTestInput = z.output<typeof sendTestBody>;
