/** The one error type of the API, and the one table from code to HTTP status. */

export const ERROR_STATUS = {
  invalid_json: 400,
  malformed_request: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_api_key: 401,
  second_factor_required: 401,
  invalid_second_factor: 401,
  second_factor_replayed: 401,
  plan_required: 402,
  license_invalid: 402,
  forbidden_workspace_role: 403,
  insufficient_scope: 403,
  csrf_failed: 403,
  access_denied: 403,
  two_factor_enrolment_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  slug_taken: 409,
  room_ended: 409,
  conflict: 409,
  already_member: 409,
  last_owner: 409,
  limit_reached: 409,
  /** Moderation (docs/decisions/1322, 1324). */
  identity_banned: 409,
  rejoin_required: 409,
  invitation_expired: 410,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  headers_too_large: 431,
  validation_failed: 422,
  invalid_code: 422,
  room_type_preview: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  sign_in_proof_required: 429,
  internal_error: 500,
  service_unavailable: 503,
  /** Console branch, issue 49 (docs/decisions/1350, 1351). */
  room_locked: 403,
  email_not_confirmed: 403,
  // Passkeys and single sign-on (issue 46; docs/decisions/1340, 1343).
  passkey_challenge_invalid: 400,
  passkey_origin_mismatch: 400,
  passkey_counter_regressed: 401,
  invalid_passkey: 401,
  passkey_verification_failed: 422,
  sso_required: 403,
  domain_taken: 409,
  sso_not_configured: 404,
  sso_provider_unreachable: 422,
  sso_state_mismatch: 400,
  sso_token_invalid: 401,
  sso_domain_mismatch: 403,
  /** Usage (issue 44, docs/decisions/1312): a quota whose use blocks something is used up. */
  quota_exceeded: 402,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

const TITLES = {
  invalid_json: "Malformed JSON body",
  malformed_request: "Malformed HTTP request",
  unauthenticated: "Authentication required",
  invalid_credentials: "Invalid email or password",
  invalid_api_key: "Invalid API key",
  second_factor_required: "A second factor is required",
  invalid_second_factor: "The second factor is wrong or expired",
  second_factor_replayed: "That code was already used",
  plan_required: "A plan must be selected",
  license_invalid: "This installation's licence is not valid",
  forbidden_workspace_role: "Your workspace role does not allow this",
  insufficient_scope: "The API key does not allow this",
  csrf_failed: "Cross-site request rejected",
  access_denied: "Access denied",
  two_factor_enrolment_required: "Turn on two-factor first",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  request_timeout: "The request body did not arrive in time",
  slug_taken: "Slug already taken",
  room_ended: "Room has ended",
  conflict: "Conflict",
  already_member: "Already a member of this organisation",
  last_owner: "The organisation must keep an Owner",
  limit_reached: "The organisation has reached a limit",
  identity_banned: "The identity is banned from this room",
  rejoin_required: "This media plane changes it only on a rejoin",
  invitation_expired: "The invitation is no longer valid",
  link_expired: "The link is no longer valid",
  payload_too_large: "Payload too large",
  unsupported_media_type: "Unsupported media type",
  range_not_satisfiable: "Range not satisfiable",
  headers_too_large: "Request headers too large",
  validation_failed: "Validation failed",
  invalid_code: "The code is wrong, expired or already used",
  room_type_preview: "Room type is in preview",
  idempotency_key_reused: "Idempotency key reused with another request",
  rate_limited: "Too many requests",
  sign_in_proof_required: "Sign in from a known address or reset the password by email",
  internal_error: "Internal error",
  service_unavailable: "Service unavailable",
  room_locked: "The room's share link is locked",
  email_not_confirmed: "Confirm your email address first",
  passkey_challenge_invalid: "The passkey answer is for an unknown, used or expired challenge",
  passkey_origin_mismatch: "The passkey answer was made for another site",
  passkey_counter_regressed: "The passkey's counter went backwards",
  invalid_passkey: "The passkey could not be verified",
  passkey_verification_failed: "The new passkey could not be verified",
  sso_required: "Sign in with single sign-on",
  domain_taken: "The domain is claimed by another organisation",
  sso_not_configured: "No single sign-on covers this address",
  sso_provider_unreachable: "The identity provider could not be reached",
  sso_state_mismatch: "The sign-in state does not match",
  sso_token_invalid: "The identity provider's answer is not valid",
  sso_domain_mismatch: "The address is outside the organisation's domains",
  quota_exceeded: "The plan's included quota is used up",
} as const satisfies Record<ErrorCode, string>;

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string = TITLES[code],
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(`${code}: ${detail}`);
    this.status = ERROR_STATUS[code];
  }

  get title(): string {
    return TITLES[this.code];
  }
}

export function validationError(errors: FieldError[], detail = "The request is not valid."): ApiError {
  return new ApiError("validation_failed", detail, { errors });
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
}

export function problemBody(err: ApiError): ProblemBody {
  return {
    type: `/problems/${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.detail,
    code: err.code,
    ...(err.extra.errors ? { errors: err.extra.errors } : {}),
  };
}
