"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { useI18n } from "@/lib/browser/i18n";
import { newPasswordSchema } from "@/lib/shared/auth/password-policy";
import {
  invitationAcceptedSchema,
  type AcceptInvitationBody,
  type InvitationPreview,
} from "@/lib/shared/schemas/members";

/** Accepts an invitation: a new account (name, new password) or the invited e-mail's account (its password). */
export function AcceptInvitationForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t } = useI18n();
  const router = useRouter();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [signInNext, setSignInNext] = useState(false);
  const accept = useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      bffFetch("/api/invitations/accept", {
        method: "POST",
        body,
        schema: invitationAcceptedSchema,
        redirectOnAuthError: false,
      }),
    onSuccess: (answer) => (answer.next === "done" ? router.replace("/") : setSignInNext(true)),
  });
  const passwordProblem = preview.account_exists
    ? null
    : (newPasswordSchema(preview.email).safeParse(password).error?.issues[0]?.message ?? null);
  if (signInNext)
    return (
      <div className="grid gap-3">
        <p>{t("invite.signInNext")}</p>
        <Button onClick={() => router.replace("/login")}>{t("invite.goToSignIn")}</Button>
      </div>
    );
  const submit = () =>
    accept.mutate(
      preview.account_exists
        ? { account: "existing", token, email: preview.email, password }
        : { account: "new", token, name, password },
    );
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!passwordProblem || password === "") submit();
      }}
    >
      <p>{t(preview.account_exists ? "invite.existingAccount" : "invite.newAccount")}</p>
      {preview.account_exists ? null : (
        <div className="grid gap-1">
          <Label htmlFor="invite-name">{t("invite.name")}</Label>
          <Input id="invite-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </div>
      )}
      <div className="grid gap-1">
        <Label htmlFor="invite-password">{t(preview.account_exists ? "invite.password" : "invite.newPassword")}</Label>
        <Input
          id="invite-password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete={preview.account_exists ? "current-password" : "new-password"}
          aria-invalid={password !== "" && passwordProblem !== null}
        />
        {password !== "" && passwordProblem ? <p className="text-sm text-destructive">{t(passwordProblem)}</p> : null}
      </div>
      {accept.error ? <ErrorPanel error={accept.error} /> : null}
      <Button type="submit" disabled={accept.isPending}>
        {t("invite.accept")}
      </Button>
    </form>
  );
}
