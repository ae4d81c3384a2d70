import { homePathFor, isPathAllowed } from "@/components/shell/nav-items";
import { safeNextPath } from "@/lib/browser/bff-client/next-path";
import type { Role } from "@/lib/shared/auth/roles";

/**
 * Where to go after signing in (or when a signed-in user opens /login): a safe
 * same-origin `next` the role can open, else the role's home (`/` for
 * operators, `/payouts` for viewers). Pure, so Server Components use it too.
 */
export function postSignInTarget(role: Role, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  if (safe && isPathAllowed(role, safe)) return safe;
  return homePathFor(role);
}
