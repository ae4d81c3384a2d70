"use client";

import { FlaskConical, UserRound } from "lucide-react";
import { RoleBadge } from "@/components/shell/role-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import { groupByBusiness, type SandboxPerson } from "./sandbox-people";

export interface SandboxPeopleListProps {
  /** The sandbox's demo people, from the server. */
  people: readonly SandboxPerson[];
  /** Their one password, from the server. */
  password: string;
  onUse(person: SandboxPerson): void;
}

/** The sandbox's demo people by business, each with a button that fills the sign-in form (sandbox mode only). */
export function SandboxPeopleList({ people, password, onUse }: SandboxPeopleListProps) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="sandbox-people-title"
      className="rounded-lg border border-dashed border-sandbox-foreground/30 bg-sandbox/35 p-4 text-sm"
    >
      <div className="flex items-center gap-2">
        <FlaskConical className="size-4 text-sandbox-foreground" aria-hidden="true" />
        <h2 id="sandbox-people-title" className="font-semibold">
          {t("login.sandbox.title")}
        </h2>
        <Badge tone="sandbox" className="ml-auto">
          {t("shell.sandbox")}
        </Badge>
      </div>
      <p className="mt-1.5 text-muted-foreground">{t("login.sandbox.description")}</p>
      <p className="mt-2 text-xs">
        {t("login.sandbox.password")}{" "}
        <code className="rounded bg-card px-1.5 py-0.5 font-mono" data-testid="sandbox-password">
          {password}
        </code>
      </p>
      <div className="mt-3 grid gap-3">
        {groupByBusiness(people).map((business) => (
          <section
            key={business.businessId}
            aria-labelledby={`sandbox-${business.businessId}`}
            className="rounded-md border bg-card p-3"
          >
            <h3 id={`sandbox-${business.businessId}`} className="font-medium">
              {business.businessName}
            </h3>
            <ul className="mt-2 divide-y">
              {business.people.map((person) => (
                <li key={person.email} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                  <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                      <span className="font-medium">{person.name}</span>
                      <RoleBadge role={person.role} />
                    </p>
                    <p className="truncate font-mono text-xs text-muted-foreground">{person.email}</p>
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t("login.sandbox.usePerson", { name: person.name, business: person.businessName })}
                    onClick={() => onUse(person)}
                  >
                    {t("login.sandbox.use")}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
