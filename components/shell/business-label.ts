import type { SessionInfo } from "@/lib/shared/schemas/session";

/** What to call the signed-in business: its name, its id, or "this API key's business" (a key-derived scope has no public id). */
export function businessLabel(
  business: SessionInfo["business"],
  t: (key: "shell.keyScopedBusiness") => string,
): string {
  return business.name ?? business.id ?? t("shell.keyScopedBusiness");
}
