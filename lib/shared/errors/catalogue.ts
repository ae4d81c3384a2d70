/**
 * Every error code the BFF answers with, and its HTTP status: the one list the
 * server builds its errors from, the browser matches on and the dictionaries
 * translate (docs/bff-api.md's "Status codes" table lists the same, checked by
 * tests/docs/error-catalogue.test.ts). A new code goes here first.
 */
export const ERROR_CODES = {
  // Input
  invalid_json: 400,
  invalid_encoding: 400,
  invalid_content_length: 400,
  malformed_path: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_error: 422,
  idempotency_key_required: 428,
  // Session, role and request origin
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_login: 401,
  invalid_code: 401,
  sign_in_challenge_expired: 401,
  forbidden: 403,
  csrf_rejected: 403,
  credential_not_allowed: 403,
  two_factor_required: 403,
  role_not_assignable: 403,
  member_self_change: 403,
  member_owner_protected: 403,
  invitation_email_mismatch: 403,
  wrong_password: 403,
  sign_in_throttled: 429,
  // First-run setup (a one-time link printed in the server's log)
  setup_link_invalid: 401,
  setup_link_expired: 410,
  setup_complete: 409,
  setup_not_needed: 409,
  // The dashboard's own records
  idempotency_conflict: 409,
  payout_in_progress: 409,
  payout_handled: 409,
  payout_not_reviewable: 409,
  payout_already_recorded: 409,
  payout_mismatch: 422,
  payout_rejected: 422,
  export_too_large: 422,
  credential_refused: 422,
  credential_provisioned: 409,
  workspace_credential_missing: 409,
  credential_rejected: 409,
  payout_not_found: 404,
  batch_not_found: 404,
  batch_state_conflict: 409,
  subaccount_unknown: 404,
  subaccount_change_in_progress: 409,
  member_not_found: 404,
  last_owner: 409,
  already_member: 409,
  account_exists: 409,
  invitation_not_found: 404,
  invitation_used: 409,
  invitation_expired: 410,
  invitation_revoked: 410,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  two_factor_setup_expired: 409,
  two_factor_required_by_workspace: 409,
  // The payments API's own codes the dashboard names; passed on with the API's status (see `passedOnCode`)
  not_found: 404,
  slug_taken: 409,
  // The payments API failed, or its outcome is unknown
  upstream_unavailable: 502,
  upstream_invalid_response: 502,
  upstream_timeout: 504,
  payout_outcome_unknown: 504,
  // This instance
  ledger_write_failed: 500,
  internal_error: 500,
  not_ready: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The one code answered with a second status. `upstream_unavailable` is 502 when
 * the API failed or could not be reached, 503 when it kept answering 503/429
 * (busy): clients and tests read both the code and each status (a 503 says "try
 * again in a moment"), so it stays one code with two statuses.
 */
export const ALTERNATE_STATUSES = {
  upstream_unavailable: 503,
} as const satisfies Partial<Record<ErrorCode, number>>;

/** The status a code may be answered with instead of its own, or `never` when it has none. */
export type AlternateStatus<C extends ErrorCode> = C extends keyof typeof ALTERNATE_STATUSES
  ? (typeof ALTERNATE_STATUSES)[C]
  : never;

/** Codes the browser makes up itself, never sent by the BFF: no answer, an unreadable answer, a non-envelope error. */
export const CLIENT_ERROR_CODES = ["network_error", "invalid_response", "http_error"] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every code the browser may hold on a request error and knows by name. */
export type KnownErrorCode = ErrorCode | ClientErrorCode;

declare const passedOn: unique symbol;
/** A code of the payments API's passed on as it came (its 4xx refusals): any string, so only `passedOnCode` makes one. */
export type PassedOnCode = string & { readonly [passedOn]: true };

/** Marks the payments API's own code as passed on to the browser unchanged. */
export function passedOnCode(code: string): PassedOnCode {
  return code as PassedOnCode;
}

/** What a server-side error envelope's `code` may be: one of ours, or the API's passed on. */
export type ServerErrorCode = ErrorCode | PassedOnCode;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

const CLIENT_CODES: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return isErrorCode(code) || CLIENT_CODES.has(code);
}

/** The status a code is answered with: its own, or its alternate one when asked for. */
export function errorStatus<C extends ErrorCode>(code: C, alternate?: AlternateStatus<C>): number {
  return alternate ?? ERROR_CODES[code];
}
