/**
 * The built-in test inbox's address (docs/decisions/1073). Not an HTTPS URL, so no one can register
 * it as an endpoint (registration accepts https only): only createInbox writes it, and the one
 * place an attempt is sent (lib/webhooks/delivery/attempt-delivery.ts) hands such deliveries to the
 * inbox instead of posting them. It names the endpoint it belongs to.
 */
export const INBOX_URL_PREFIX = "svc-inbox://";

export const inboxUrlOf = (endpointId: string) => `${INBOX_URL_PREFIX}${endpointId}`;

export const isInboxUrl = (url: string) => url.startsWith(INBOX_URL_PREFIX);

/** How long a test inbox lives, and how many one org may hold at once. */
export const INBOX_TTL_MS = 24 * 3600 * 1000;
export const MAX_INBOXES_PER_ORG = 5;
/** Requests kept per inbox: the newest ones. */
export const INBOX_KEEP = 100;
