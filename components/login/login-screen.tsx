"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { SandboxBadge } from "@/components/shell/sandbox-badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useI18n } from "@/lib/browser/i18n";
import { OperatorSignInForm } from "./operator-sign-in-form";
import type { SandboxBusiness } from "./sandbox-businesses";
import { SandboxCredentials } from "./sandbox-credentials";
import { ViewerSignInForm } from "./viewer-sign-in-form";

type Mode = "operator" | "viewer";

interface Prefill {
  apiKey?: string;
  accessToken?: string;
  businessId?: string;
}

export interface LoginScreenProps {
  /** From the server: true when the dashboard talks to the local sandbox. */
  sandbox: boolean;
  /** From the server, in sandbox mode only: the demo businesses whose credentials the page offers to fill in. */
  demoBusinesses?: readonly SandboxBusiness[];
  /** Already validated with safeNextPath on the server (null when absent/unsafe). */
  next: string | null;
  defaultMode?: Mode;
}

/** Sign-in card: Operator / Viewer tabs, and the sandbox's demo credentials when in sandbox mode. */
export function LoginScreen({ sandbox, demoBusinesses = [], next, defaultMode = "operator" }: LoginScreenProps) {
  const { t } = useI18n();
  const [mode, setMode] = useState<Mode>(defaultMode);
  const [operatorName, setOperatorName] = useState("");
  const [prefill, setPrefill] = useState<Prefill>({});
  // Bumped to remount a form with filled-in credentials.
  const [fillVersion, setFillVersion] = useState(0);

  const fill = (nextMode: Mode, values: Prefill, business: SandboxBusiness) => {
    setPrefill(values);
    setMode(nextMode);
    setFillVersion((v) => v + 1);
    toast.success(t("login.sandbox.filled", { business: business.name }));
  };

  return (
    <div className="grid gap-5">
      <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="mb-5 space-y-1.5">
          <div className="flex items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight">{t("login.title")}</h1>
            {sandbox ? <SandboxBadge /> : null}
          </div>
          <p className="text-sm text-muted-foreground">{t("login.subtitle")}</p>
        </div>

        <Tabs value={mode} onValueChange={(value) => setMode(value === "viewer" ? "viewer" : "operator")}>
          <TabsList aria-label={t("login.tabsLabel")} className="grid h-auto grid-cols-2">
            <TabsTrigger value="operator" className="whitespace-normal">
              {t("login.tab.operator")}
            </TabsTrigger>
            <TabsTrigger value="viewer" className="whitespace-normal">
              {t("login.tab.viewer")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="operator">
            <p className="mb-4 text-xs text-muted-foreground">{t("login.operatorHint")}</p>
            <OperatorSignInForm
              key={`operator-${fillVersion}`}
              next={next}
              defaultApiKey={prefill.apiKey}
              defaultOperatorName={operatorName}
              onOperatorNameChange={setOperatorName}
            />
          </TabsContent>
          <TabsContent value="viewer">
            <p className="mb-4 text-xs text-muted-foreground">{t("login.viewerHint")}</p>
            <ViewerSignInForm
              key={`viewer-${fillVersion}`}
              next={next}
              defaultAccessToken={prefill.accessToken}
              defaultBusinessId={prefill.businessId}
              defaultOperatorName={operatorName}
              onOperatorNameChange={setOperatorName}
            />
          </TabsContent>
        </Tabs>
      </div>

      {sandbox && demoBusinesses.length > 0 ? (
        <SandboxCredentials
          businesses={demoBusinesses}
          onUseOperator={(business) => fill("operator", { apiKey: business.apiKey }, business)}
          onUseViewer={(business) =>
            fill("viewer", { accessToken: business.accessToken, businessId: business.businessId }, business)
          }
        />
      ) : null}

      <p className="text-center text-xs text-muted-foreground">{t("login.footer")}</p>
    </div>
  );
}
