"use client";

import { useState } from "react";
import { SandboxBadge } from "@/components/shell/sandbox-badge";
import { Alert } from "@/components/ui/alert";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/lib/browser/i18n";
import { PasswordSignInForm } from "./password-sign-in-form";
import type { SandboxPerson } from "./sandbox-people";
import { SandboxPeopleList } from "./sandbox-people-list";
import { SecondFactorForm } from "./second-factor-form";

export interface LoginScreenProps {
  /** From the server: true when the dashboard talks to the local sandbox. */
  sandbox: boolean;
  /** From the server, in sandbox mode only: the demo people the page offers to fill in, and their password. */
  demo?: { people: readonly SandboxPerson[]; password: string } | null;
  /** Already validated with safeNextPath on the server (null when absent/unsafe). */
  next: string | null;
}

type Step =
  | { kind: "password"; email: string; password: string; expired: boolean; version: number }
  | { kind: "totp"; challenge: string; email: string; version: number };

/**
 * The sign-in card: e-mail and password, then (for a person with 2FA) the code
 * of their authenticator app or a recovery code; in sandbox mode, the demo
 * people below it.
 */
export function LoginScreen({ sandbox, demo = null, next }: LoginScreenProps) {
  const { t } = useI18n();
  // `version` remounts step one with new defaults (filled in, or back from step two).
  const [step, setStep] = useState<Step>({ kind: "password", email: "", password: "", expired: false, version: 0 });

  const backToPassword = (email: string, expired: boolean) =>
    setStep({ kind: "password", email, password: "", expired, version: step.version + 1 });

  const usePerson = (person: SandboxPerson) => {
    setStep({
      kind: "password",
      email: person.email,
      password: demo?.password ?? "",
      expired: false,
      version: step.version + 1,
    });
    toast.success(t("login.sandbox.filled", { name: person.name, business: person.businessName }));
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

        {step.kind === "password" ? (
          <PasswordSignInForm
            key={step.version}
            next={next}
            defaultEmail={step.email}
            defaultPassword={step.password}
            focusPassword={step.expired}
            notice={
              step.expired ? (
                <Alert
                  tone="warning"
                  title={t("login.challengeExpired.title")}
                  description={t("login.challengeExpired.description")}
                />
              ) : null
            }
            onChallenge={(challenge, email) => setStep({ kind: "totp", challenge, email, version: step.version })}
          />
        ) : (
          <SecondFactorForm
            key={step.challenge}
            challenge={step.challenge}
            email={step.email}
            next={next}
            onExpired={() => backToPassword(step.email, true)}
            onBack={() => backToPassword(step.email, false)}
          />
        )}
      </div>

      {sandbox && demo && demo.people.length > 0 ? (
        <SandboxPeopleList people={demo.people} password={demo.password} onUse={usePerson} />
      ) : null}

      <p className="text-center text-xs text-muted-foreground">{t("login.footer")}</p>
    </div>
  );
}
