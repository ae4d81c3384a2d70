"use client";

import { SearchX } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { CardDescription } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import type { Chargeback } from "@/lib/shared/schemas/chargeback";
import { KNOWN_FIELDS, rawText } from "./chargeback-model";
import { DeadlinePanel } from "./deadline";
import { KindBadge, useKindLabel } from "./kind-badge";

export interface ChargebackSheetProps {
  /** The id in the URL (`?id=`); the sheet is open while it is set. */
  id: string | undefined;
  chargeback: Chargeback | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onClose: () => void;
  now: number;
}

const none = (t: (k: string) => string) => <span className="text-muted-foreground">{t("common.none")}</span>;

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== "";
}

/** Every field of one chargeback: the known ones formatted, the others exactly as the API sent them. */
export function ChargebackSheet({ id, chargeback, isLoading, error, onRetry, onClose, now }: ChargebackSheetProps) {
  const { t, formatMoney } = useI18n();
  const kindLabel = useKindLabel();
  const open = Boolean(id);

  let title: ReactNode = t("chargebacks.sheet.title");
  let body: ReactNode;
  if (chargeback) {
    title = t("chargebacks.sheet.titleWith", {
      kind: kindLabel(chargeback.kind),
      amount: chargeback.amount_centavos == null ? t("common.none") : formatMoney(chargeback.amount_centavos),
    });
    body = <ChargebackDetails chargeback={chargeback} now={now} />;
  } else if (isLoading) {
    body = (
      <div className="space-y-3" aria-busy="true">
        <p className="sr-only">{t("common.loading")}</p>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    );
  } else if (error) {
    body = <ErrorPanel error={error} onRetry={onRetry} headingLevel="h3" />;
  } else {
    body = (
      <EmptyState
        icon={SearchX}
        title={t("chargebacks.sheet.notFound")}
        description={t("chargebacks.sheet.notFoundHint", { id: id ?? "" })}
      />
    );
  }

  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <SheetContent aria-describedby={undefined} data-testid="chargeback-sheet">
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          {id ? (
            <SheetDescription className="flex items-center gap-1 font-mono text-xs break-all">
              {id}
              <CopyButton value={id} label={t("chargebacks.field.id")} className="-my-1 shrink-0" />
            </SheetDescription>
          ) : null}
        </SheetHeader>
        <SheetBody>{body}</SheetBody>
        {chargeback ? (
          <SheetFooter className="flex-row items-center justify-end gap-1">
            <span className="text-sm text-muted-foreground">{t("chargebacks.sheet.json")}</span>
            <CopyButton
              value={JSON.stringify(chargeback, null, 2)}
              label={t("chargebacks.sheet.json")}
              variant="outline"
            />
          </SheetFooter>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function ChargebackDetails({ chargeback: cb, now }: { chargeback: Chargeback; now: number }) {
  const { t } = useI18n();
  const items: DetailItem[] = [
    {
      label: t("chargebacks.field.id"),
      value: cb.id,
      mono: true,
      copyValue: cb.id,
      copyLabel: t("chargebacks.field.id"),
    },
    { label: t("chargebacks.field.kind"), value: <KindBadge kind={cb.kind} /> },
    { label: t("chargebacks.field.status"), value: <StatusBadge status={cb.status} /> },
    { label: t("chargebacks.field.amount"), value: <Money centavos={cb.amount_centavos} className="font-medium" /> },
    { label: t("chargebacks.field.reason"), value: present(cb.reason) ? cb.reason : none(t) },
    {
      label: t("chargebacks.field.reasonCode"),
      value: present(cb.reason_code) ? cb.reason_code : none(t),
      mono: present(cb.reason_code),
    },
    { label: t("chargebacks.field.customer"), value: present(cb.customer_name) ? cb.customer_name : none(t) },
    {
      label: t("chargebacks.field.createdAt"),
      value: <DateTime value={cb.created_at} withZone options={{ dateStyle: "medium", timeStyle: "short" }} />,
    },
    {
      label: t("chargebacks.field.respondBy"),
      value: <DateTime value={cb.respond_by} withZone options={{ dateStyle: "medium", timeStyle: "short" }} />,
    },
  ];
  if (present(cb.payout_id) && cb.payout_id) {
    items.push({
      label: t("chargebacks.field.payout"),
      value: (
        <Link
          href={`/payouts/${encodeURIComponent(cb.payout_id)}`}
          className="text-primary underline-offset-4 hover:underline"
        >
          {cb.payout_id}
        </Link>
      ),
      mono: true,
      copyValue: cb.payout_id,
      copyLabel: t("chargebacks.field.payout"),
    });
  }
  if (present(cb.end_to_end_id) && cb.end_to_end_id) {
    items.push({
      label: t("chargebacks.field.endToEnd"),
      value: cb.end_to_end_id,
      mono: true,
      copyValue: cb.end_to_end_id,
      copyLabel: t("chargebacks.field.endToEnd"),
    });
  }
  if (present(cb.card_brand))
    items.push({ label: t("chargebacks.field.cardBrand"), value: <span className="capitalize">{cb.card_brand}</span> });
  if (present(cb.card_last4))
    items.push({ label: t("chargebacks.field.cardLast4"), value: `•••• ${cb.card_last4}`, mono: true });

  const extra = Object.keys(cb).filter((key) => !KNOWN_FIELDS.includes(key));
  const extraItems: DetailItem[] = extra.map((key) => {
    const text = rawText(cb[key]);
    return {
      label: <code className="font-mono text-xs">{key}</code>,
      value: text === "" ? none(t) : text,
      mono: true,
      copyValue: text === "" ? undefined : text,
      copyLabel: key,
    };
  });

  return (
    <div className="space-y-5">
      <DeadlinePanel chargeback={cb} now={now} />
      <section aria-labelledby="cb-details-heading">
        <h3 id="cb-details-heading" className="text-sm font-semibold">
          {t("chargebacks.sheet.details")}
        </h3>
        <DetailList items={items} />
      </section>
      <section aria-labelledby="cb-other-heading" className="space-y-1">
        <h3 id="cb-other-heading" className="text-sm font-semibold">
          {t("chargebacks.sheet.otherFields")}
        </h3>
        <CardDescription className="text-xs">{t("chargebacks.sheet.otherFieldsHint")}</CardDescription>
        {extraItems.length > 0 ? (
          <DetailList items={extraItems} />
        ) : (
          <p className="py-2 text-sm text-muted-foreground">{t("chargebacks.sheet.noOtherFields")}</p>
        )}
      </section>
    </div>
  );
}
