/**
 * Whether every percent-encoded sequence in `pathname` decodes to UTF-8, as the
 * framework's router will try when it reads a dynamic segment (`[id]`). It throws
 * on a malformed one (`%ZZ`, a lone `%`, `%ED%A0%80`: an encoded lone surrogate,
 * overlong or truncated sequences) and answers 500 before any handler runs, so
 * proxy.ts checks first. Decoding the whole path fails exactly when one of its
 * segments fails: a sequence never spans a literal `/`.
 */
export function isDecodablePath(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
