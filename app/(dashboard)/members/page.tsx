import type { Metadata } from "next";
import { MembersView } from "@/components/members/members-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { membersQuery } from "@/lib/browser/query/members";
import { getI18n } from "@/lib/server/i18n";
import { asQueryData, prefetchService } from "@/lib/server/pages/prefetch";
import { listMembersAndInvitations } from "@/lib/server/services/members/members";
import { pageAccess } from "@/lib/server/session/page";
import { membersListSchema } from "@/lib/shared/schemas/members";
import { prefetched, WithPrefetched } from "../_prefetch/prefetched";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("members.title") };
}

/** Members and invitations: owners and admins; another role sees the shared NotAllowed panel. */
export default withMessages(
  ["members", "account.validation.totpCode", "account.device", "account.history", "account.factor", "account.event"],
  async function MembersPage() {
    const access = await pageAccess("members.list", "/members");
    if (!access.allowed)
      return (
        <NotAllowed
          page="members.title"
          title="members.notAllowed.title"
          description="members.notAllowed.description"
        />
      );
    // Read on the server first, by the service GET /api/members calls.
    const answer = await prefetchService("members.list", "/api/members", listMembersAndInvitations);
    const first = prefetched(membersQuery().queryKey, answer && asQueryData(answer.data, membersListSchema));
    return (
      <WithPrefetched entries={[first]}>
        <MembersView actor={{ id: access.session.person.id, role: access.session.role }} />
      </WithPrefetched>
    );
  },
);
