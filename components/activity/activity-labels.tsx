"use client";

import { CircleCheck, CircleHelp, CircleX, History, Hourglass, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { useAuditText } from "@/lib/browser/hooks/use-audit-text";
import { useI18n } from "@/lib/browser/i18n";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { actorIdentity, targetHref } from "./activity-model";

/** Translated names for actions, roles and target types; unknown values are shown as they came. */
export function useActivityLabels() {
  const { has, t } = useI18n();
  const audit = useAuditText();
  return useMemo(() => {
    const lookup = (prefix: `${string}.`, value: string | null | undefined, empty: string) => {
      if (!value) return empty;
      const key = `${prefix}${value}`;
      return has(key) ? t(key) : value;
    };
    return {
      action: (action: string) => lookup("activity.action.", action, t("common.none")),
      role: (role: string | null | undefined) =>
        role === "system" ? t("activity.role.system") : lookup("role.", role, t("common.none")),
      targetType: (type: string | null | undefined) => lookup("activity.target.", type, t("common.none")),
      outcome: (outcome: string) => lookup("activity.outcome.", outcome, t("common.none")),
      ...audit,
    };
  }, [audit, has, t]);
}

const OUTCOMES: Record<string, { tone: BadgeTone; icon: LucideIcon }> = {
  success: { tone: "success", icon: CircleCheck },
  failure: { tone: "danger", icon: CircleX },
  pending: { tone: "warning", icon: Hourglass },
  replayed_older: { tone: "info", icon: History },
};

/** success / failure / pending (outcome not known yet) / replayed_older (a retry got an older change's answer), with icon and text. */
export function OutcomeBadge({ outcome }: { outcome: string }) {
  const labels = useActivityLabels();
  const known = OUTCOMES[outcome];
  const Icon = known?.icon ?? CircleHelp;
  return (
    <Badge tone={known?.tone ?? "neutral"} data-outcome={outcome}>
      <Icon aria-hidden="true" />
      {labels.outcome(outcome)}
    </Badge>
  );
}

/** The target: a link to its page when it has one (payout, subaccount, payment link), else its type and id. */
export function TargetLink({
  entry,
  className,
  compact = false,
}: {
  entry: Pick<ActivityEntry, "target_type" | "target_id">;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const labels = useActivityLabels();
  if (!entry.target_type && !entry.target_id) return <span className="text-muted-foreground">{t("common.none")}</span>;
  const href = targetHref(entry);
  const type = labels.targetType(entry.target_type);
  // In lists a session's id is noise (it only pairs a sign-in with its sign-out); the side panel has it.
  const showId = Boolean(entry.target_id) && !(compact && entry.target_type === "session");
  const id = showId ? <span className="block truncate font-mono text-xs">{entry.target_id}</span> : null;
  if (href) {
    return (
      <Link
        href={href}
        className={
          className ??
          "block min-w-0 rounded text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        }
        aria-label={t("activity.openTarget", { type, id: entry.target_id ?? "" })}
      >
        <span className={compact ? "block truncate text-xs" : "block truncate text-[0.8125rem]"}>{type}</span>
        {id}
      </Link>
    );
  }
  return (
    <span className="block min-w-0">
      <span className={compact ? "block truncate text-xs text-muted-foreground" : "block truncate text-[0.8125rem]"}>
        {type}
      </span>
      {id ? <span className="block truncate text-muted-foreground">{id}</span> : null}
    </span>
  );
}

/** The actor's e-mail under their name, or "typed name" for an entry written before personal accounts. */
export function ActorIdentity({ actor, className }: { actor: ActivityEntry["actor"]; className?: string }) {
  const { t } = useI18n();
  const identity = actorIdentity(actor);
  if (identity.kind === "system") return null;
  if (identity.kind === "person")
    return <span className={className ?? "block truncate text-xs text-muted-foreground"}>{identity.email}</span>;
  return (
    <span
      className={className ?? "block truncate text-xs text-muted-foreground italic"}
      title={t("activity.typedNameHint")}
    >
      {t("activity.typedName")}
    </span>
  );
}
