"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { BackLink } from "@/components/ui/back-link";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormPage } from "@/components/ui/form-page";
import { LoadingLine, lazyOnDemand } from "@/components/ui/lazy-on-demand";
import { PageHeader } from "@/components/ui/page-header";
import { Stepper } from "@/components/ui/stepper";
import { useI18n } from "@/lib/browser/i18n";
import { autoMapColumns } from "@/lib/shared/batch/mapping";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import { draftReducer, draftSummary } from "./batch-draft";
import { UploadStep, type UploadedFile } from "./upload-step";

// The steps after the upload are not in the page's first-load JavaScript: they download once the page is up, while
// the operator picks a file (a failed download offers to try again; the draft stays in the reducer below).
// The card around a step is already on screen: say it is loading rather than leave it empty.
const stepPending = { pending: LoadingLine };
const mapStep = lazyOnDemand(() => import("./map-step").then((m) => m.MapStep), stepPending);
const checkStep = lazyOnDemand(() => import("./check-step").then((m) => m.CheckStep), stepPending);
const reviewStep = lazyOnDemand(() => import("./review-step").then((m) => m.ReviewStep), stepPending);
const confirmPanel = lazyOnDemand(() => import("./confirm-panel").then((m) => m.ConfirmPanel), stepPending);

const STEPS = ["upload", "map", "check", "review", "confirm"] as const;
type Step = (typeof STEPS)[number];

/**
 * /payouts/batch/new: upload → map columns → check and fix rows → review →
 * create and confirm. The draft (the file with the operator's fixes,
 * exclusions and choices) lives in one reducer for the whole flow: going back,
 * or a request that fails, loses nothing typed. Once confirmed the batch's
 * progress page takes over.
 */
export function NewBatchFlow() {
  const { t } = useI18n();
  const router = useRouter();
  const [step, setStep] = useState<Step>("upload");
  const [draft, dispatch] = useReducer(draftReducer, null);
  const [batch, setBatch] = useState<Batch | null>(null);
  const summary = useMemo(() => (draft ? draftSummary(draft) : null), [draft]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    for (const later of [mapStep, checkStep, reviewStep, confirmPanel]) later.preload();
  }, []);

  const goTo = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  // Focus follows the step's heading, so keyboard and screen reader users know where they are.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [step]);

  const loaded = ({ fileName, table }: UploadedFile) => {
    dispatch({ type: "load", fileName, table, mapping: autoMapColumns(table.header).mapping });
    goTo("map");
  };

  const created = (next: Batch) => {
    // The same key can answer with a batch already confirmed (a retry after the answer was lost): show where it is.
    if (next.status !== "awaiting_confirmation") {
      router.push(`/payouts/batch/${encodeURIComponent(next.id)}`);
      return;
    }
    setBatch(next);
    toast.success(t("batches.toast.created"));
    goTo("confirm");
  };

  const confirmed = (next: Batch) => {
    toast.success(t("batches.toast.confirmed"));
    router.push(`/payouts/batch/${encodeURIComponent(next.id)}`);
  };

  return (
    <>
      <PageHeader
        eyebrow={<BackLink href="/payouts/batch">{t("nav.batchPayouts")}</BackLink>}
        title={t("batches.new.title")}
        description={t("batches.new.description")}
      />
      {/* The check and review steps show the rows as a table: those use the full width. */}
      <FormPage wide={step === "check" || step === "review"}>
        <Stepper
          steps={STEPS.map((id) => ({ id, label: t(`batches.step.${id}`) }))}
          current={step}
          label={t("batches.new.steps")}
          doneLabel={t("payouts.new.stepDone")}
        />
        <Card>
          <CardHeader>
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-base leading-tight font-semibold outline-none"
              data-testid="batch-step-title"
            >
              {t(`batches.step.${step}.title`)}
            </h2>
            <CardDescription>
              {draft && step !== "upload"
                ? t("batches.new.fileLine", { file: draft.fileName, rows: draft.table.rows.length })
                : t(`batches.step.${step}.description`)}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {step === "upload" ? <UploadStep onLoaded={loaded} /> : null}
            {step === "map" && draft ? (
              <mapStep.Component
                header={draft.table.header}
                initial={draft.mapping}
                onBack={() => goTo("upload")}
                onMapped={(mapping) => {
                  dispatch({ type: "map", mapping });
                  goTo("check");
                }}
              />
            ) : null}
            {step === "check" && draft && summary ? (
              <checkStep.Component
                draft={draft}
                summary={summary}
                dispatch={dispatch}
                onBack={() => goTo("map")}
                onReview={() => goTo("review")}
              />
            ) : null}
            {step === "review" && draft && summary ? (
              <reviewStep.Component
                draft={draft}
                summary={summary}
                dispatch={dispatch}
                onBack={() => goTo("check")}
                onCreated={created}
              />
            ) : null}
            {step === "confirm" && batch ? <confirmPanel.Component batch={batch} onConfirmed={confirmed} /> : null}
          </CardContent>
        </Card>
      </FormPage>
    </>
  );
}
