"use client";

import type { ComponentProps } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { useI18n } from "@/lib/browser/i18n";
import type { Role } from "@/lib/shared/auth/roles";

/** Who may manage the workspace stands out; the read-only roles stay quiet. */
const ROLE_TONE: Readonly<Record<Role, BadgeTone>> = {
  owner: "primary",
  admin: "info",
  operator: "outline",
  finance: "neutral",
  support: "neutral",
};

/** A person's role in a workspace, as a badge with its label ("Proprietário", "Suporte"…). */
export function RoleBadge({
  role,
  ...props
}: { role: Role } & Omit<ComponentProps<typeof Badge>, "tone" | "children">) {
  const { t } = useI18n();
  return (
    <Badge tone={ROLE_TONE[role]} data-role={role} {...props}>
      {t(`role.${role}`)}
    </Badge>
  );
}
