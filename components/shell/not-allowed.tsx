"use client";

import { Lock } from "lucide-react";
import Link from "next/link";
import { useSession } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import { homePathFor } from "./nav-items";

export interface NotAllowedProps {
  /** The page's own title (its h1), so the operator knows where they are. */
  page: MessageKey;
  /** Why, in the page's words; default: "your access does not include this page". */
  title?: MessageKey;
  description?: MessageKey;
}

/**
 * What every role-restricted page renders for a role that may not see it (a
 * signed-in user: a normal page, not an error): the page's title, a plain
 * "not for your access" and a link to the role's home. The nav already hides
 * the section; the BFF refuses its API with 403 anyway. Pages decide with
 * `pageAccess(permission, path)` from `@/lib/server/session/page`.
 */
export function NotAllowed({
  page,
  title = "shell.notAllowed.title",
  description = "shell.notAllowed.description",
}: NotAllowedProps) {
  const { t } = useI18n();
  const home = homePathFor(useSession().role);
  return (
    <>
      <PageHeader title={t(page)} />
      <Card data-testid="not-allowed">
        <EmptyState
          icon={Lock}
          headingLevel="h2"
          title={t(title)}
          description={t(description)}
          action={
            <Button asChild variant="outline" size="sm">
              <Link href={home}>{t("shell.notAllowed.home")}</Link>
            </Button>
          }
        />
      </Card>
    </>
  );
}
