import type { Metadata } from "next";
import { SetupScreen, type SetupScreenState } from "@/components/setup/setup-screen";
import { getI18n } from "@/lib/server/i18n";
import { getLedger } from "@/lib/server/ledger";
import { provisionedCredentials } from "@/lib/server/security/credential-vault";
import { tenancy } from "@/lib/server/services/session/business";
import { setupLinkStatus } from "@/lib/server/services/workspace/setup";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("setup.title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** First run: the one-time setup link's page (docs/accounts.md, "First run"). A bad link is a message, never an error. */
export default withMessages(
  ["setup", "login.hideSecretLabel", "login.showSecretLabel", "login.hideSecret", "login.showSecret"],
  async function SetupPage({ searchParams }: { searchParams: SearchParams }) {
    const params = await searchParams;
    const token = typeof params.token === "string" ? params.token : null;
    const status = await setupLinkStatus(await getLedger(), token);
    const state: SetupScreenState =
      status === "usable" && token
        ? {
            status,
            token,
            apiKeyProvisioned: provisionedCredentials()?.credentials.api_key !== undefined,
            businessName: tenancy().businessName ?? "",
          }
        : { status: status === "usable" ? "invalid" : status };
    return <SetupScreen state={state} />;
  },
);
