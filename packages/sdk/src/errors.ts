import { KNOWN_ERROR_CODES } from "./generated/api.js";

/** A problem code this version of the SDK knows (generated from the API document). */
export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[number];

/**
 * The `code` of an error answer: one of the known codes, or any other string. The API may add
 * codes in a minor version, so the type stays open (`string & {}` keeps the known literals in
 * editor completion while accepting any string): a `switch` over it needs a `default` branch.
 */
export type ErrorCode = KnownErrorCode | (string & {});

export { KNOWN_ERROR_CODES };

/** One field that failed validation (`code: "validation_failed"`). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error answer of the API (RFC 7807 problem+json), or a failure to reach it.
 * `status` is the HTTP status (0 when no answer came), `code` the stable string to dispatch on,
 * `detail` the human explanation.
 */
export class SvcApiError extends Error {
  override name = "SvcApiError";
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;
  /** Field errors of a 422 `validation_failed`. */
  readonly errors: readonly FieldError[];
  /** The `x-request-id` of the answer: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait (`Retry-After` of a 429 or 503), when it said. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    detail: string;
    errors?: readonly FieldError[];
    requestId?: string;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(`${init.status ? `${init.status} ` : ""}${init.code}: ${init.detail}`, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

/** Whether `err` is an API error, optionally with one of `codes`. */
export function isSvcApiError(err: unknown, ...codes: ErrorCode[]): err is SvcApiError {
  return err instanceof SvcApiError && (codes.length === 0 || codes.includes(err.code));
}

/** Why a webhook delivery was refused by `verifyWebhook`. */
export type WebhookVerificationCode =
  | "missing_headers"
  | "invalid_signature"
  | "timestamp_out_of_range"
  | "invalid_timestamp"
  | "invalid_payload"
  | "no_secret";

/** A delivery that must not be trusted; answer it with 400 (or 401) and do not act on it. */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
  readonly code: WebhookVerificationCode;
  constructor(code: WebhookVerificationCode, message: string) {
    super(message);
    this.code = code;
  }
}
