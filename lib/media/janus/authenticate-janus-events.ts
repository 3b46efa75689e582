import { safeEqual } from "@/lib/crypto/safe-equal";
import { ApiError } from "@/lib/http/errors";
import type { EventSender, MediaSettings } from "@/lib/media/driver-registration";
import { nodeEventsSecret } from "./credential";

/**
 * Janus's event handler authenticates only with HTTP basic (`backend_user` / `backend_pwd`). The
 * password is the node's own events credential (nodeEventsSecret of JANUS_EVENTS_SECRET and its
 * JANUS_URL entry; `npm run media:janus` writes it into the node's config), compared in constant
 * time with every node's: the one it matches names the sender. The user name is not checked.
 *
 * JANUS_EVENTS_SECRET itself is still accepted while JANUS_URL lists exactly one node: it then
 * speaks for that node and no other, as before per-node credentials (docs/decisions/1215). With
 * several nodes it is refused: it would let any node speak for all.
 */
export function authenticateJanusEvents(req: Request, settings: MediaSettings): EventSender {
  const master = settings.SVC_MEDIA_PLANE === "janus" ? settings.JANUS_EVENTS_SECRET : undefined;
  const nodes = settings.JANUS_URL ?? [];
  if (!master || nodes.length === 0) {
    throw new ApiError("unauthenticated", "The Janus event endpoint is off: SVC_MEDIA_PLANE is not janus.");
  }
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.get("authorization")?.trim() ?? "")?.[1];
  const decoded = encoded ? Buffer.from(encoded, "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  const password = colon >= 0 ? decoded.slice(colon + 1) : "";
  // Every node's credential is compared (no early exit), so timing says nothing about which.
  let node: string | undefined;
  for (const n of nodes) if (safeEqual(password, nodeEventsSecret(master, n)) && colon >= 0) node ??= n;
  const legacy = safeEqual(password, master) && colon >= 0;
  if (!node && legacy && nodes.length === 1) node = nodes[0];
  if (!node) {
    throw new ApiError(
      "unauthenticated",
      legacy
        ? "JANUS_EVENTS_SECRET speaks for every node: with several nodes each node sends its own events credential (`npm run media:janus` writes it)."
        : "Send the node's events credential as the HTTP basic password (`npm run media:janus` writes it into the node's config).",
      { headers: { "www-authenticate": 'Basic realm="svc-media-events"' } },
    );
  }
  return { node };
}
