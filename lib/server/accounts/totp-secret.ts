import "server-only";

const REDACTED = "[redacted]";
const BASE32 = /^[A-Z2-7]+$/;
/** RFC 4226 recommends 160 bits, the output size of HMAC-SHA-1. */
export const TOTP_SECRET_BYTES = 20;
const MIN_BASE32_CHARS = Math.ceil((TOTP_SECRET_BYTES * 8) / 5);

/**
 * An account's TOTP secret. It is kept encrypted (the credential vault, AES-GCM) and is shown once, in the
 * enrolment QR code; everything else only passes it along. So it does not print: JSON.stringify, util.inspect,
 * String() and the logger (which reads own enumerable properties: there are none) all show "[redacted]" or
 * nothing. reveal() is the one way to the text, for the vault and the otpauth:// URI.
 */
export class TotpSecret {
  readonly #base32: string;

  private constructor(base32: string) {
    this.#base32 = base32;
  }

  /** A secret from its base32 text (as the vault returns it); throws when it is not base32 of 20+ bytes. */
  static fromBase32(text: string): TotpSecret {
    const base32 = text.replace(/=+$/, "").toUpperCase();
    if (!BASE32.test(base32) || base32.length < MIN_BASE32_CHARS) {
      throw new TypeError(`A TOTP secret is base32 text of at least ${TOTP_SECRET_BYTES} bytes`);
    }
    return new TotpSecret(base32);
  }

  /** The base32 text: only for the credential vault (to encrypt) and the enrolment URI. Never log it. */
  reveal(): string {
    return this.#base32;
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `TotpSecret ${REDACTED}`;
  }
}
