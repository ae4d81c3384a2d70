import "server-only";
import type { Metadata } from "next";
import { getI18n } from "@/lib/server/i18n";
import type { MessageKey } from "@/lib/shared/i18n";

/** The `params` Next hands a page under a `[id]` segment. */
export type IdParams = Promise<{ id: string }>;

/**
 * The `[id]` segment as the person typed it: Next gives it still percent-encoded, and a malformed escape
 * ("%E0%A4%A") is kept as it came, for the BFF to refuse like any other id it does not know.
 */
export function decodeIdParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A `[id]` page's `generateMetadata`: the title is the translated `titleKey` followed by the decoded id. */
export function idTitleMetadata(titleKey: MessageKey): (props: { params: IdParams }) => Promise<Metadata> {
  return async ({ params }) => {
    const [{ id }, { t }] = await Promise.all([params, getI18n()]);
    return { title: `${t(titleKey)} ${decodeIdParam(id)}` };
  };
}
