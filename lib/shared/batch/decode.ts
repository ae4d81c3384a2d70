import { reject } from "./errors";

export type TextEncoding = "utf-8" | "windows-1252";

const CONTROL_ALLOWED = new Set([0x09, 0x0a, 0x0d]);

/**
 * Refuses bytes that are not text: any NUL, or more than a handful of other
 * control characters (an image, a PDF, an executable renamed to .csv).
 */
function assertText(bytes: Uint8Array): void {
  let controls = 0;
  const tolerated = Math.max(8, Math.floor(bytes.length / 100));
  for (const byte of bytes) {
    if (byte === 0) reject("binary");
    if ((byte < 0x20 && !CONTROL_ALLOWED.has(byte)) || byte === 0x7f) {
      controls += 1;
      if (controls > tolerated) reject("binary");
    }
  }
}

/**
 * CSV bytes → text. UTF-8 (its BOM dropped) when the bytes are valid UTF-8;
 * otherwise Windows-1252, which is what Excel in a Brazilian locale writes for
 * "CSV (separado por vírgulas)". Latin-1 text is almost never valid UTF-8, so
 * the check is reliable for "Conceição". UTF-16 ("Unicode text") is refused.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    reject("unsupportedEncoding");
  assertText(bytes);
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252" };
  }
}
