import type { ReactNode } from "react";
import { MessagesScope } from "@/lib/browser/i18n";
import { getI18n } from "@/lib/server/i18n";
import type { Locale } from "@/lib/shared/i18n/config";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";
import { pickMessages, type MessageGroup } from "@/lib/shared/i18n/message-groups";
import type { Messages } from "@/lib/shared/i18n/translator";

const picked = new Map<string, Messages>();

/** The groups' messages in `locale`, picked once per process (the dictionaries do not change while it runs). */
export function messagesOf(locale: Locale, groups: readonly MessageGroup[]): Messages {
  const id = `${locale}:${groups.join(",")}`;
  let messages = picked.get(id);
  if (!messages) {
    messages = pickMessages(dictionaries[locale], groups);
    picked.set(id, messages);
  }
  return messages;
}

/**
 * Sends the browser a layout's or page's own message groups, on top of the root layout's
 * (lib/shared/i18n/message-groups.ts). tests/components/page-messages.test.ts checks that the groups around every
 * route cover what its code can read, and that none is sent for nothing.
 */
export async function Messages({ groups, children }: { groups: readonly MessageGroup[]; children: ReactNode }) {
  const { locale } = await getI18n();
  return (
    <MessagesScope locale={locale} groups={groups} messages={messagesOf(locale, groups)}>
      {children}
    </MessagesScope>
  );
}

/**
 * A page or layout whose whole output (every early return, a NotAllowed panel too) is inside its groups:
 * `export default withMessages(["payouts"], async function PayoutsPage() { … })`. The groups are listed literally,
 * so that tests/components/page-messages.test.ts can read them.
 */
export function withMessages<Props extends object>(
  groups: readonly MessageGroup[],
  Page: (props: Props) => ReactNode | Promise<ReactNode>,
): (props: Props) => ReactNode {
  return function WithMessages(props: Props) {
    return (
      <Messages groups={groups}>
        <Page {...props} />
      </Messages>
    );
  };
}
