import { env } from "@/lib/env";

/**
 * The join page's one action (docs/decisions/0841): the customer's app opened at SVC_JOIN_URL with
 * `{short_code}` filled in; undefined when no template is configured. Only the short code goes in,
 * never the room id.
 */
export function joinUrl(shortCode: string): string | undefined {
  return env.SVC_JOIN_URL?.replaceAll("{short_code}", encodeURIComponent(shortCode));
}
