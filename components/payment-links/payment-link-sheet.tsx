"use client";

import dynamic from "next/dynamic";
import { ExternalLink, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import type { PaymentLink } from "@/lib/shared/schemas/payment-link";
import { LinkAmount } from "./link-amount";
import { FunnelSteps } from "@/components/insights/funnel-steps";
import { publicLinkUrl, type LinkState } from "./link-model";
import { LinkApiStatus, LinkStateBadge } from "./link-state-badge";

// The QR code library is fetched when a drawer first shows a code, not with the list page.
const LinkQrCode = dynamic(() => import("./link-qr-code").then((module) => module.LinkQrCode), {
  ssr: false,
  loading: () => <div className="size-48 rounded-lg border bg-white" aria-hidden="true" />,
});

export interface PaymentLinkSheetProps {
  /** The id in the URL (`?id=`); the sheet is open while it is set. */
  openId: string | undefined;
  link: PaymentLink | undefined;
  state: LinkState | undefined;
  baseUrl: string;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onClose: () => void;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3 border-b py-4 first:pt-0 last:border-b-0">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Metric({ label, value, hint }: { label: ReactNode; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-md border bg-card px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg leading-tight font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

/** Everything about one link: public URL (copy, open), QR code, counters and every field. */
export function PaymentLinkSheet({
  openId,
  link,
  state,
  baseUrl,
  isLoading,
  error,
  onRetry,
  onClose,
}: PaymentLinkSheetProps) {
  const { t } = useI18n();
  return (
    <Sheet open={openId !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent aria-describedby={undefined}>
        {link && state ? (
          <LinkDetails link={link} state={state} baseUrl={baseUrl} />
        ) : (
          <>
            <SheetHeader>
              <SheetTitle>{t("paymentLinks.sheet.title")}</SheetTitle>
            </SheetHeader>
            <SheetBody>
              {isLoading ? (
                <div className="space-y-3" aria-busy="true">
                  <span className="sr-only">{t("common.loading")}</span>
                  <Skeleton className="h-6 w-2/3" />
                  <Skeleton className="h-44 w-44" />
                  <Skeleton className="h-24 w-full" />
                </div>
              ) : error ? (
                <ErrorPanel error={error} onRetry={onRetry} headingLevel="h3" />
              ) : (
                <EmptyState
                  icon={SearchX}
                  title={t("paymentLinks.sheet.notFound")}
                  description={t("paymentLinks.sheet.notFoundHint", { id: openId ?? "" })}
                  action={
                    <Button variant="outline" size="sm" onClick={onClose}>
                      {t("common.close")}
                    </Button>
                  }
                />
              )}
            </SheetBody>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

function LinkDetails({ link, state, baseUrl }: { link: PaymentLink; state: LinkState; baseUrl: string }) {
  const { t, formatNumber, timeZoneName } = useI18n();
  const url = publicLinkUrl(baseUrl, link.slug);
  const yesNo = (value: boolean) => (value ? t("common.yes") : t("common.no"));
  const zone = timeZoneName();
  const salesProgress =
    link.max_sales !== null && link.max_sales > 0 ? Math.min(1, link.sales_count / link.max_sales) : null;

  const items: DetailItem[] = [
    {
      label: t("paymentLinks.field.id"),
      value: link.id,
      mono: true,
      copyValue: link.id,
      copyLabel: t("paymentLinks.field.id"),
    },
    { label: t("paymentLinks.field.name"), value: link.name },
    {
      label: t("paymentLinks.field.slug"),
      value: link.slug,
      mono: true,
      copyValue: link.slug,
      copyLabel: t("paymentLinks.field.slug"),
    },
    {
      label: t("paymentLinks.field.description"),
      value: link.description ? (
        <span className="whitespace-pre-line">{link.description}</span>
      ) : (
        <span className="text-muted-foreground">{t("common.none")}</span>
      ),
    },
    {
      label: t("paymentLinks.field.amountType"),
      value: link.amount_centavos !== null ? t("paymentLinks.amountType.fixed") : t("paymentLinks.amountType.minimum"),
    },
    { label: t("paymentLinks.field.amount"), value: <Money centavos={link.amount_centavos} /> },
    { label: t("paymentLinks.field.minAmount"), value: <Money centavos={link.min_amount_centavos} /> },
    {
      label: t("paymentLinks.field.maxSales"),
      value: link.max_sales === null ? t("paymentLinks.noLimit") : formatNumber(link.max_sales),
    },
    { label: t("paymentLinks.field.collectCustomerData"), value: yesNo(link.collect_customer_data) },
    { label: t("paymentLinks.field.status"), value: link.status, mono: true },
    { label: t("paymentLinks.field.startsAt"), value: <DateTime value={link.starts_at} withZone /> },
    {
      label: t("paymentLinks.field.expiresAt"),
      value: link.expires_at ? <DateTime value={link.expires_at} withZone /> : t("paymentLinks.neverExpires"),
    },
    { label: t("paymentLinks.field.createdAt"), value: <DateTime value={link.created_at} withZone /> },
    { label: t("paymentLinks.field.publicUrl"), value: url, mono: true },
  ];

  return (
    <>
      <SheetHeader>
        <SheetTitle className="break-words">{link.name}</SheetTitle>
        <SheetDescription className="font-mono text-xs">{link.slug}</SheetDescription>
        <div className="flex flex-wrap items-center gap-1.5 pt-1">
          <LinkStateBadge state={state} />
          <span className="text-sm font-medium">
            <LinkAmount link={link} />
          </span>
        </div>
        <LinkApiStatus status={link.status} className="text-xs text-muted-foreground" />
      </SheetHeader>
      <SheetBody>
        <Section title={t("paymentLinks.publicUrl")}>
          <div className="flex items-center gap-1 rounded-md border bg-muted/50 py-1 pr-1 pl-3">
            <code className="min-w-0 flex-1 truncate font-mono text-[0.8125rem]" title={url}>
              {url}
            </code>
            <CopyButton
              value={url}
              label={t("paymentLinks.publicUrl")}
              showText
              variant="outline"
              aria-label={t("paymentLinks.copyPublicUrl")}
            />
            <Button asChild variant="ghost" size="icon-sm">
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t("paymentLinks.openPublicUrl")}
                title={t("paymentLinks.openPublicUrl")}
              >
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
          <LinkQrCode url={url} slug={link.slug} />
        </Section>

        <Section title={t("paymentLinks.sheet.performance")}>
          {/* Visits, checkouts, sales and conversion are the funnel's (below); revenue is the one figure it lacks. */}
          <dl className="grid gap-2 sm:grid-cols-2">
            <Metric label={t("paymentLinks.col.revenue")} value={<Money centavos={link.revenue_centavos} />} />
          </dl>
          {salesProgress !== null ? (
            <div className="space-y-1">
              <div
                className="h-2 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label={t("paymentLinks.salesProgress")}
                aria-valuemin={0}
                aria-valuemax={link.max_sales ?? 0}
                aria-valuenow={link.sales_count}
                aria-valuetext={t("paymentLinks.salesProgressText", {
                  sales: link.sales_count,
                  max: link.max_sales ?? 0,
                })}
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${salesProgress * 100}%` }} />
              </div>
              <p className="text-xs text-muted-foreground">
                {t("paymentLinks.salesProgressText", { sales: link.sales_count, max: link.max_sales ?? 0 })}
              </p>
            </div>
          ) : null}
          {/* The link's own funnel, from the counters above (no request of its own). */}
          <FunnelSteps
            funnel={{ visits: link.visits, checkouts_started: link.checkouts_started, sales: link.sales_count }}
            label={t("insights.links.funnel.oneLink")}
          />
        </Section>

        <Section title={t("common.details")}>
          <p className="text-xs text-muted-foreground">{t("paymentLinks.sheet.zoneNote", { zone })}</p>
          <DetailList items={items} />
        </Section>
      </SheetBody>
    </>
  );
}
