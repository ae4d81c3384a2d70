import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import { serverClock } from "@/lib/server/clock";
import { TOTP_SECRET_BYTES, TotpSecret } from "./totp-secret";

/**
 * The second factor: TOTP (RFC 6238) as authenticator apps expect it: HMAC-SHA-1, 6 digits, 30-second steps.
 * A code is accepted for its own step and one step either side (clock drift, typing time), by the injected
 * clock, and only once: verifyTotp returns the step it matched, the caller stores it as the account's last
 * used step and passes it back next time, and a code of that step or an earlier one is refused.
 */
export const TOTP_ISSUER = "Pix Ops";
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = "sha1";
/** ±1 step: otplib's tolerance is in seconds around "now"; one period either side reaches exactly one step. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const SIX_DIGITS = /^[0-9]{6}$/;

export type TotpCheck = { ok: true; step: number } | { ok: false };

export interface TotpVerifyOptions {
  /** The step of the account's last accepted code, or null when none was ever accepted. */
  lastUsedStep: number | null;
  /** Epoch milliseconds (default: the server clock's now). */
  now?: number;
}

export function createTotpSecret(): TotpSecret {
  return TotpSecret.fromBase32(generateSecret({ length: TOTP_SECRET_BYTES }));
}

/** The otpauth:// URI of the enrolment QR code. It contains the secret: show it once, never log it. */
export function totpUri(secret: TotpSecret, accountLabel: string): string {
  return generateURI({
    issuer: TOTP_ISSUER,
    label: accountLabel,
    secret: secret.reveal(),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The six digits of a code as typed ("123 456" included), or null when it cannot be a code. */
export function normalizeTotpCode(code: string): string | null {
  const digits = code.replace(/\s+/g, "");
  return SIX_DIGITS.test(digits) ? digits : null;
}

export async function verifyTotp(secret: TotpSecret, code: string, options: TotpVerifyOptions): Promise<TotpCheck> {
  const token = normalizeTotpCode(code);
  if (token === null) return { ok: false };
  const { lastUsedStep } = options;
  if (lastUsedStep !== null && !(Number.isSafeInteger(lastUsedStep) && lastUsedStep >= 0)) {
    throw new TypeError("lastUsedStep is a non-negative integer or null");
  }
  const epoch = Math.floor((options.now ?? serverClock().now()) / 1000);
  const latestStep = Math.floor((epoch + TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS);
  const result = await verify({
    secret: secret.reveal(),
    token,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    // otplib throws when this is past the window (our clock went back): every step in the window is used then.
    afterTimeStep: lastUsedStep === null ? undefined : Math.min(lastUsedStep, latestStep),
  });
  if (!result.valid || !("timeStep" in result)) return { ok: false };
  return { ok: true, step: result.timeStep };
}
