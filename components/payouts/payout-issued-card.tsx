"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DetailList } from "@/components/ui/detail-list";
import { useI18n } from "@/lib/browser/i18n";
import type { PayoutDetail } from "@/lib/browser/query/payouts";
import { RegisterStatusBadge } from "./payout-status";

/** Who issued this payout from the dashboard, when, and under which idempotency key (operators only). */
export function PayoutIssuedCard({ register }: { register: PayoutDetail["register"] }) {
  const { t } = useI18n();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("payouts.detail.issuedTitle")}</CardTitle>
        {register ? null : <CardDescription>{t("payouts.detail.notInRegister")}</CardDescription>}
      </CardHeader>
      {register ? (
        <CardContent>
          <DetailList
            className="text-sm"
            items={[
              {
                label: t("payouts.field.createdBy"),
                value: (
                  <span data-testid="payout-issued-by">
                    {register.created_by.name}{" "}
                    <span className="text-muted-foreground">({t(`role.${register.created_by.role}`)})</span>
                  </span>
                ),
              },
              { label: t("payouts.field.issuedAt"), value: <DateTime value={register.created_at} withZone /> },
              { label: t("payouts.field.registerState"), value: <RegisterStatusBadge row={register} /> },
              {
                label: t("payouts.field.idempotencyKey"),
                value: register.idempotency_key,
                mono: true,
                copyValue: register.idempotency_key,
                copyLabel: t("payouts.field.idempotencyKey"),
              },
              ...(register.last_request_id
                ? [
                    {
                      label: t("errors.requestId"),
                      value: register.last_request_id,
                      mono: true,
                      copyValue: register.last_request_id,
                      copyLabel: t("errors.requestId"),
                    },
                  ]
                : []),
            ]}
          />
        </CardContent>
      ) : null}
    </Card>
  );
}
