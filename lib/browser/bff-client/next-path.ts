/**
 * Validates a post-sign-in `next` target: only same-origin relative paths that
 * start with "/" (not "//" or "/\", which browsers treat as another host), no
 * control characters, and never back to /login. Returns null when unsafe.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const next = value.trim();
  if (next.length === 0 || next.length > 2048) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // Control characters and backslashes anywhere make the target ambiguous.
  for (const ch of next) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return null;
  }
  let url: URL;
  try {
    url = new URL(next, "https://dashboard.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://dashboard.invalid") return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/") || url.pathname.startsWith("/api/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
