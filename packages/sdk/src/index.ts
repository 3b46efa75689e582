/**
 * @svc/sdk: room tokens, webhook verification and the workspace API, for Node 20+ and for any
 * runtime with web `fetch` and Web Crypto (Deno, Bun, edge functions). Node-only adapters are in
 * `@svc/sdk/node`; the `svc` command ships in the same package.
 */
export {
  type ArgsOf,
  type CallOptions,
  type ItemOf,
  type ListenMessage,
  type OperationId,
  type PaginatedOperationId,
  type ResponseOf,
  SvcClient,
  type SvcClientOptions,
} from "./client.js";
export {
  type ErrorCode,
  type FieldError,
  isSvcApiError,
  KNOWN_ERROR_CODES,
  type KnownErrorCode,
  SvcApiError,
  type WebhookVerificationCode,
  WebhookVerificationError,
} from "./errors.js";
export type * from "./generated/api.js";
export { OPERATIONS, WEBHOOK_EVENT_TYPES } from "./generated/api.js";
export { parseRetryAfter, type TransportOptions } from "./http.js";
export {
  type MediaAccess,
  mintRoomToken,
  type RoomTokenConfig,
  type RoomTokenRequest,
  type RoomTokenResult,
} from "./tokens.js";
export { createWebhookHandler, verifyWebhookRequest, type WebhookHandlerResult } from "./webhooks/request.js";
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  type WebhookSecrets,
} from "./webhooks/verify.js";
