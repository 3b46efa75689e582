import type { webhookEndpoints } from "@/db/schema";

/** The API's webhook endpoint (spec, decisions §6). The signing secret is never part of it. */
export interface WebhookDto {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  description: string | null;
  /** null: org-wide (endpoint 9); set: registered with a project key (endpoint 15). */
  project_id: string | null;
  created_at: string;
}

export function serializeWebhook(w: typeof webhookEndpoints.$inferSelect): WebhookDto {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    active: w.active,
    description: w.description,
    project_id: w.projectId,
    created_at: w.createdAt.toISOString(),
  };
}
