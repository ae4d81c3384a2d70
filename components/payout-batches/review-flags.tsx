"use client";

import Link from "next/link";
import type { Dispatch, ReactNode } from "react";
import { DateTime } from "@/components/ui/date-time";
import { Money } from "@/components/ui/money";
import { useI18n } from "@/lib/browser/i18n";
import type { ValidatedRow } from "@/lib/shared/batch/validate-row";
import type { BatchMatch, BatchPreview } from "@/lib/shared/schemas/payout-batches";
import type { DraftAction } from "./batch-draft";

/**
 * One flagged row: its number, amount, key and an "include" checkbox (dropping it leaves it out of the batch).
 * A row can be listed in two sections (repeated in the file, and matching elsewhere): `section` keeps the ids apart.
 */
function FlaggedRow({
  row,
  section,
  dispatch,
  children,
}: {
  row: ValidatedRow;
  section: string;
  dispatch: Dispatch<DraftAction>;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const id = `flag-${section}-${row.index}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={!row.excluded}
        onChange={(event) => dispatch({ type: "exclude", indexes: [row.index], excluded: !event.target.checked })}
      />
      <label htmlFor={id} className="flex flex-wrap items-center gap-x-3">
        <span className="font-medium">{t("batches.review.includeRow", { row: row.rowNumber })}</span>
        {row.value ? <Money centavos={row.value.amount_centavos} /> : null}
        <span className="font-mono text-xs text-muted-foreground">{row.value?.pix_key}</span>
      </label>
      {children}
    </li>
  );
}

/** "Same key and amount as row 12 of batch “fornecedores.csv” (Awaiting confirmation) — Open the batch", one line per batch. */
function BatchMatchLines({ matches }: { matches: readonly BatchMatch[] }) {
  const { t, has } = useI18n();
  return matches.map((match) => (
    <span key={`${match.batch_id}-${match.batch_row_number}`} className="basis-full pl-7 text-xs text-muted-foreground">
      {t("batches.review.batchMatch", {
        row: match.batch_row_number,
        file: match.file_name,
        status: has(`status.${match.batch_status}`) ? t(`status.${match.batch_status}`) : match.batch_status,
      })}
      {" — "}
      <Link
        href={`/payouts/batch/${encodeURIComponent(match.batch_id)}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
        target="_blank"
      >
        {t("batches.review.openBatch")}
      </Link>
    </span>
  ));
}

/** A warning-coloured group of flagged rows with its title and why it is flagged. */
function FlagSection({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-warning-soft-foreground/30 bg-warning-soft/50 p-3"
    >
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      <p className="text-xs text-muted-foreground">{hint}</p>
      {children}
    </section>
  );
}

interface ReviewFlagsProps {
  rows: readonly ValidatedRow[];
  /** Groups of row indexes repeating a key and amount (as found when the review opened). */
  duplicates: readonly (readonly number[])[];
  matches: BatchPreview["register_matches"];
  batchMatches: readonly BatchMatch[];
  dispatch: Dispatch<DraftAction>;
}

/**
 * Rows to include or drop knowingly: repeated within the file, matching a payout of the last 7 days (with the
 * batch it came from, if any), or matching a row of another batch not in the register yet (awaiting confirmation,
 * paused, queued). Each row is listed once across the last two: under the register when it is there.
 */
export function ReviewFlags({ rows, duplicates, matches, batchMatches, dispatch }: ReviewFlagsProps) {
  const { t } = useI18n();
  const byNumber = new Map(rows.map((row) => [row.rowNumber, row]));
  const batchesOf = new Map<number, BatchMatch[]>();
  for (const match of batchMatches)
    batchesOf.set(match.row_number, [...(batchesOf.get(match.row_number) ?? []), match]);
  const inRegister = new Set(matches.map((match) => match.row_number));
  const batchOnly = [...batchesOf.entries()].filter(
    ([rowNumber]) => !inRegister.has(rowNumber) && byNumber.has(rowNumber),
  );
  return (
    <div className="grid gap-4">
      {duplicates.length > 0 ? (
        <FlagSection
          id="batch-flag-duplicates"
          title={t("batches.review.duplicatesTitle", { count: duplicates.length })}
          hint={t("batches.review.duplicatesHint")}
        >
          {duplicates.map((group) => (
            <ul key={group.join("-")} className="mt-2 border-t pt-1" aria-label={t("batches.review.duplicateGroup")}>
              {group.map((index) => {
                const row = rows[index];
                return row ? <FlaggedRow key={index} row={row} section="duplicate" dispatch={dispatch} /> : null;
              })}
            </ul>
          ))}
        </FlagSection>
      ) : null}
      {matches.length > 0 ? (
        <FlagSection
          id="batch-flag-matches"
          title={t("batches.review.matchesTitle", { count: matches.length })}
          hint={t("batches.review.matchesHint")}
        >
          <ul className="mt-2">
            {matches.map((match) => {
              const row = byNumber.get(match.row_number);
              if (!row) return null;
              return (
                <FlaggedRow key={match.row_number} row={row} section="register" dispatch={dispatch}>
                  <span className="text-xs text-muted-foreground">
                    {t("batches.review.matchedAt")} <DateTime value={match.created_at} withZone />
                  </span>
                  {match.payout_id ? (
                    <Link
                      href={`/payouts/${encodeURIComponent(match.payout_id)}`}
                      className="text-xs font-medium text-primary underline-offset-4 hover:underline"
                      target="_blank"
                    >
                      {t("batches.review.openMatch", { id: match.payout_id })}
                    </Link>
                  ) : null}
                  <BatchMatchLines matches={batchesOf.get(match.row_number) ?? []} />
                </FlaggedRow>
              );
            })}
          </ul>
        </FlagSection>
      ) : null}
      {batchOnly.length > 0 ? (
        <FlagSection
          id="batch-flag-batches"
          title={t("batches.review.batchMatchesTitle", { count: batchOnly.length })}
          hint={t("batches.review.batchMatchesHint")}
        >
          <ul className="mt-2">
            {batchOnly.map(([rowNumber, listed]) => {
              const row = byNumber.get(rowNumber);
              return row ? (
                <FlaggedRow key={rowNumber} row={row} section="batch" dispatch={dispatch}>
                  <BatchMatchLines matches={listed} />
                </FlaggedRow>
              ) : null;
            })}
          </ul>
        </FlagSection>
      ) : null}
    </div>
  );
}
