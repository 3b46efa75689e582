import type { Metadata } from "next";
import Link from "next/link";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { ROUTE_CONTRACTS, WEBHOOK_EVENTS } from "@/app/api-routes";
import { exampleObject } from "@/lib/events/event-examples";
import { newId } from "@/lib/ids";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import type { WebhookDto } from "@/lib/webhooks/endpoint-schema";
import { DELIVERY_EVENT_TYPES, EVENT_DESCRIPTIONS, PROJECT_ONLY_EVENTS } from "@/lib/webhooks/event-catalog";
import { envelope } from "@/lib/webhooks/outbox/envelope";

export const metadata: Metadata = { title: "Event catalogue · Webhooks" };

type Json = Record<string, unknown>;

/** The component schemas a schema refers to, transitively, so each body reads whole on the page. */
function referenced(
  schema: unknown,
  components: Json,
  into = new Map<string, unknown>(),
): Map<string, unknown> {
  if (Array.isArray(schema)) for (const s of schema) referenced(s, components, into);
  else if (schema && typeof schema === "object") {
    for (const [k, v] of Object.entries(schema)) {
      if (k === "$ref" && typeof v === "string") {
        const name = v.split("/").pop() ?? v;
        if (!into.has(name)) {
          into.set(name, components[name]);
          referenced(components[name], components, into);
        }
      } else referenced(v, components, into);
    }
  }
  return into;
}

const EXAMPLE_ENDPOINT: WebhookDto = {
  id: "wh_example",
  url: "https://api.example.com/webhooks/svc",
  events: ["room.created"],
  active: true,
  description: null,
  project_id: null,
  created_at: "2026-11-22T10:00:00.000Z",
  rate_limit: null,
  health: {
    status: "healthy",
    failing_since: null,
    last_success_at: null,
    last_error: null,
    disabled_at: null,
    disabled_reason: null,
  },
  kind: "https",
  expires_at: null,
};

/**
 * Every event a receiver can get (issue 38): what it means, its body's schema exactly as the OpenAPI
 * document states it (`webhooks`, lib/openapi/document.ts) and an example body
 * (lib/events/event-examples.ts). Built from the same sources as /v1/openapi.json, so they agree.
 */
export default async function EventCataloguePage() {
  await requireConsoleMember();
  const doc = buildOpenApiDocument(ROUTE_CONTRACTS, WEBHOOK_EVENTS) as Json;
  const hooks = doc.webhooks as Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: unknown }> } } }
  >;
  const components = ((doc.components as Json).schemas ?? {}) as Json;
  const now = new Date("2026-11-22T10:00:00.000Z");
  const projectId = newId("project");
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Event catalogue</h1>
          <p>
            Every event your endpoints can receive, its body and an example. The same catalogue is offered
            when you add an endpoint and when you filter deliveries. Signed and sent as described in the{" "}
            <Link href="/api-reference">API reference</Link>.
          </p>
        </div>
      </div>
      <nav aria-label="Events" className="card">
        <ul className="plain-list">
          {DELIVERY_EVENT_TYPES.map((t) => (
            <li key={t}>
              <a href={`#${t}`} className="mono">
                {t}
              </a>{" "}
              <span className="muted">{EVENT_DESCRIPTIONS[t]}</span>
            </li>
          ))}
        </ul>
      </nav>
      {DELIVERY_EVENT_TYPES.map((t) => {
        const schema = hooks[t]?.post.requestBody.content["application/json"]?.schema;
        const refs = referenced(schema, components);
        const example = envelope(
          {
            id: "evt_example",
            type: t,
            createdAt: now,
            orgId: "org_example",
            projectId: t === "webhook.test" ? null : projectId,
            object: exampleObject(t, EXAMPLE_ENDPOINT, projectId, now),
            ...(t === "webhook.test" ? { test: true } : {}),
          },
          "evt_example",
        );
        return (
          <section key={t} id={t} className="card" aria-labelledby={`${t}-h`} data-testid="event-entry">
            <h2 id={`${t}-h`} className="mono">
              {t}
            </h2>
            <p className="muted">
              {EVENT_DESCRIPTIONS[t]}.
              {(PROJECT_ONLY_EVENTS as readonly string[]).includes(t)
                ? " Project endpoints only (created for one project)."
                : ""}
            </p>
            <h3 className="inbox-sub">Example body</h3>
            <pre
              className="code-block"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              tabIndex={0}
              data-testid="event-example"
            >
              {JSON.stringify(example, null, 2)}
            </pre>
            <details>
              <summary>Body schema (OpenAPI)</summary>
              <pre
                className="code-block"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
                tabIndex={0}
              >
                {JSON.stringify({ schema, components: Object.fromEntries(refs) }, null, 2)}
              </pre>
            </details>
          </section>
        );
      })}
    </>
  );
}
