import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginScreen } from "@/components/login/login-screen";
import { postSignInTarget } from "@/components/login/post-sign-in";
import { safeNextPath } from "@/lib/browser/bff-client/next-path";
import { getI18n } from "@/lib/server/i18n";
import { isSandboxMode } from "@/lib/server/config";
import { SANDBOX_DEMO_PASSWORD, sandboxDemoPeople } from "@/lib/server/services/workspace/sandbox-people";
import { getPageSession } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("login.submit") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default withMessages(["login"], async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const rawNext = typeof params.next === "string" ? params.next : null;
  const next = safeNextPath(rawNext);

  // Already signed in: straight to where they were going (or home).
  const session = await getPageSession();
  if (session) redirect(postSignInTarget(session.role, next));

  // Sandbox mode only: the demo people and their password come from the server, never from the browser bundle.
  const sandbox = isSandboxMode();
  const people = sandbox ? await sandboxDemoPeople() : [];
  const demo = people.length > 0 ? { people, password: SANDBOX_DEMO_PASSWORD } : null;
  return <LoginScreen sandbox={sandbox} demo={demo} next={next} />;
});
