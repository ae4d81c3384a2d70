import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/members/accept-invitation-form";
import { getLedger } from "@/lib/server/ledger";
import { BffError } from "@/lib/server/errors/bff-error";
import { getI18n } from "@/lib/server/i18n";
import { previewInvitation } from "@/lib/server/services/members/accept";
import { invitationTokenSchema, type InvitationPreview } from "@/lib/shared/schemas/members";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("invite.accept") };
}

/** The invitation link: the workspace, the role and the invited e-mail, then the form that accepts it. */
export default withMessages(
  ["invite", "members.role"],
  async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
    const { t } = await getI18n();
    const { token } = await params;
    let preview: InvitationPreview | null = null;
    let problem = "errors.invitation_not_found";
    if (invitationTokenSchema.safeParse(token).success) {
      try {
        preview = (await previewInvitation(await getLedger(), token)).data;
      } catch (error) {
        if (!(error instanceof BffError)) throw error;
        problem = `errors.${error.code}`;
      }
    }
    if (!preview)
      return (
        <main className="mx-auto grid max-w-md gap-3 p-6">
          <h1 className="text-xl font-semibold">{t("invite.unusable")}</h1>
          <p>{t(problem)}</p>
        </main>
      );
    return (
      <main className="mx-auto grid max-w-md gap-4 p-6">
        <h1 className="text-xl font-semibold">{t("invite.title", { workspace: preview.workspace_name })}</h1>
        <p>{t("invite.body", { email: preview.email, role: t(`members.role.${preview.role}`) })}</p>
        <AcceptInvitationForm token={token} preview={preview} />
      </main>
    );
  },
);
