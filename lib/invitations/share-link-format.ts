/**
 * `<base>/r/<short_code>`: the link never reveals the room id. Env-free, so the console's client
 * components format links the same way; the base comes from `shareLinkBase()`.
 */
export function roomShareLink(base: string, shortCode: string): string {
  return `${base}/r/${encodeURIComponent(shortCode)}`;
}
