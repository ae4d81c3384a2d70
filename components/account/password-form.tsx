"use client";

import { useState, type FormEvent } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { useChangePassword } from "@/lib/browser/query/account";
import { passwordProblem } from "@/lib/shared/auth/password-policy";

/** The current password and a new one (the shared policy, checked here first and again on the server). */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useI18n();
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [local, setLocal] = useState<Record<string, string>>({});
  const server = isBffRequestError(change.error) ? change.error.fields : {};
  const fields = { ...server, ...local };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(next, email);
    const found: Record<string, string> = {};
    if (!current) found.current_password = "validation.required";
    if (problem) found.new_password = problem;
    else if (next !== repeat) found.repeat = "account.password.mismatch";
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          setRepeat("");
          toast.success(t("account.password.changed"));
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("account.password.title")}</CardTitle>
        <CardDescription>{t("account.password.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-sm gap-3" noValidate>
          <FormField label={t("account.password.current")} error={fields.current_password}>
            <Input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </FormField>
          <FormField label={t("account.password.new")} error={fields.new_password}>
            <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          </FormField>
          <FormField label={t("account.password.repeat")} error={fields.repeat}>
            <Input
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          </FormField>
          {change.error && !(isBffRequestError(change.error) && change.error.hasFieldErrors) ? (
            <ErrorPanel error={change.error} headingLevel="h3" />
          ) : null}
          <div>
            <Button type="submit" loading={change.isPending}>
              {t("account.password.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
