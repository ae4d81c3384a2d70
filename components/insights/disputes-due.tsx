"use client";

import Link from "next/link";
import { Money } from "@/components/ui/money";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useI18n } from "@/lib/browser/i18n";
import {
  chargebacksHrefForDue,
  chargebacksHrefForKind,
  chargebacksHrefForStatus,
} from "@/lib/shared/chargebacks/deadline";
import { DUE_BUCKETS, type DisputeGroup, type DueBucket } from "@/lib/shared/schemas/insights";
import { ChartFrame } from "./chart-frame";
import { SINGLE_COLOR } from "./outcomes";
import { zoneText } from "@/lib/shared/i18n/zone-label";

function isDueBucket(key: string | null): key is DueBucket {
  return (DUE_BUCKETS as readonly (string | null)[]).includes(key);
}

interface GroupRow {
  id: string;
  name: string;
  /** The chargebacks list filtered to exactly this row's cases; null: no filter names them. */
  href: string | null;
  count: number;
  amount: number;
  /** The due bucket, on its row as `data-due` (the due table's rows only). */
  due?: DueBucket;
}

/** A table of dispute groups: each name a link to its cases, its count and amount, and (when given) the total. */
function GroupTable({
  label,
  column,
  rows,
  total,
}: {
  label: string;
  column: string;
  rows: readonly GroupRow[];
  total?: { count: number; amount: number };
}) {
  const { t, formatNumber } = useI18n();
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{column}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("insights.disputes.col.count")}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t("insights.disputes.col.amount")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-due={row.due}>
            <TableHead scope="row" className="font-normal">
              {row.href ? (
                <Link href={row.href} className="underline-offset-4 hover:underline">
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
            </TableHead>
            <TableCell className="text-right tabular-nums">{formatNumber(row.count)}</TableCell>
            <TableCell className="text-right">
              <Money centavos={row.amount} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      {total ? (
        <TableFooter>
          <TableRow>
            <TableHead scope="row">{t("insights.total")}</TableHead>
            <TableCell className="text-right font-semibold tabular-nums">{formatNumber(total.count)}</TableCell>
            <TableCell className="text-right font-semibold">
              <Money centavos={total.amount} />
            </TableCell>
          </TableRow>
        </TableFooter>
      ) : null}
    </Table>
  );
}

/**
 * Disputes awaiting the business's answer by how long is left (overdue, today, 1–3 days, 4–7, later, no deadline):
 * a bar per bucket and the table of them, each row a link to the chargebacks list filtered to exactly those cases
 * (the list's deadline filter has the same buckets, read in the same zone).
 */
export function DisputesDue({ groups, zone }: { groups: readonly DisputeGroup[]; zone: string }) {
  const { t, formatNumber, formatMoney, intlLocale } = useI18n();
  const rows = groups.filter((g): g is DisputeGroup & { key: DueBucket } => isDueBucket(g.key));
  const count = rows.reduce((sum, g) => sum + g.count, 0);
  const amount = rows.reduce((sum, g) => sum + g.amount_centavos, 0);
  const overdue = rows.find((g) => g.key === "overdue")?.count ?? 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFrame
        label={t("insights.disputes.due.chartLabel", {
          count: formatNumber(count),
          amount: formatMoney(amount),
          overdue: formatNumber(overdue),
        })}
        height={240}
        rows={rows.map((g) => ({ label: t(`insights.due.${g.key}`), values: { count: g.count } }))}
        series={[{ key: "count", label: t("insights.disputes.col.count"), color: SINGLE_COLOR }]}
        formatValue={(v) => formatNumber(v)}
      />
      <div className="grid gap-2">
        <GroupTable
          label={t("insights.disputes.due.title")}
          column={t("insights.disputes.col.due")}
          rows={rows.map((g) => ({
            id: g.key,
            due: g.key,
            name: t(`insights.due.${g.key}`),
            href: chargebacksHrefForDue(g.key),
            count: g.count,
            amount: g.amount_centavos,
          }))}
          total={{ count, amount }}
        />
        <p className="text-xs text-muted-foreground">
          {t("insights.disputes.due.linkNote", { zone: zoneText(zone, t, intlLocale) })}
        </p>
      </div>
    </div>
  );
}

/** Open cases by kind or by status, most first (the API's names; a case without one counts as "none"). */
export function DisputeGroupsTable({
  groups,
  title,
  labelPrefix,
  column,
}: {
  groups: readonly DisputeGroup[];
  title: string;
  /** The start of the groups' message keys, with its dot (so the pages' message check sees what it reads). */
  labelPrefix: "chargebacks.kind." | "status.";
  column: string;
}) {
  const { t, has } = useI18n();
  const name = (key: string | null) => {
    if (key === null) return t("insights.disputes.noKey");
    return has(`${labelPrefix}${key}`) ? t(`${labelPrefix}${key}`) : key;
  };
  if (groups.length === 0) return <p className="text-sm text-muted-foreground">{t("insights.disputes.empty")}</p>;
  return (
    <GroupTable
      label={title}
      column={column}
      rows={groups.map((g) => ({
        id: g.key ?? "—",
        name: name(g.key),
        href: labelPrefix === "chargebacks.kind." ? chargebacksHrefForKind(g.key) : chargebacksHrefForStatus(g.key),
        count: g.count,
        amount: g.amount_centavos,
      }))}
    />
  );
}
