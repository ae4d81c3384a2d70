import "server-only";
import { payoutSettings } from "@/lib/server/config";
import {
  appendAudit,
  cancelPendingRows,
  inTransaction,
  moveBatch,
  type BatchRecord,
  type Ledger,
} from "@/lib/server/ledger";
import type { BatchState } from "@/lib/server/ledger/schema";
import { serverClock } from "@/lib/server/clock";
import type { AuditAction } from "@/lib/shared/schemas/activity";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { batchOr404, batchView } from "@/lib/server/services/batches/batches";
import { typedTotalRequired } from "@/lib/server/services/batches/view";
import { wakeBatchWorker } from "@/lib/server/services/batches/worker";

/** The worker sends with the workspace's API key (docs/batch-payouts.md): nothing of the session is kept. */
type Deps = Pick<ServiceDeps, "ledger" | "businessId" | "actor">;

/**
 * The worker sends with the workspace's API key: without one, setting a batch going would only have it paused at
 * once, so confirming or resuming is refused before anything moves (409 workspace_credential_missing).
 */
function requireWorkspaceApiKey(ctx: Pick<ServiceDeps, "session">): void {
  if (ctx.session.credential?.kind !== "api_key")
    throw new BffError(
      "workspace_credential_missing",
      "This workspace has no API key: its owner enters it in Settings before a batch can be sent.",
    );
}

async function answer(deps: Deps, batch: BatchRecord): Promise<Answer<Batch>> {
  return { data: await batchView(deps.ledger, deps.businessId, batch) };
}

function notNow(batch: BatchRecord, what: string): BffError {
  return new BffError(
    "batch_state_conflict",
    `This batch is ${batch.status.replace("_", " ")}: it cannot be ${what} now.`,
    { details: { status: batch.status } },
  );
}

/** Moves the batch and records who did it, in one transaction; null when its status changed meanwhile. */
async function moveAudited(
  ctx: Deps,
  batch: BatchRecord,
  move: {
    from: readonly BatchState[];
    changes: Parameters<typeof moveBatch>[4];
    action: AuditAction;
    also?: (tx: Ledger) => Promise<Record<string, unknown>>;
  },
): Promise<BatchRecord | null> {
  const { businessId, actor } = ctx;
  return inTransaction(ctx.ledger, async (tx) => {
    const moved = await moveBatch(tx, businessId, batch.id, move.from, move.changes);
    if (!moved) return null;
    const extra = move.also ? await move.also(tx) : {};
    await appendAudit(tx, {
      businessId,
      actor,
      action: move.action,
      targetType: "payout_batch",
      targetId: batch.id,
      outcome: "success",
      before: { status: batch.status },
      after: { status: moved.status, row_count: moved.rowCount, total_centavos: moved.totalCentavos, ...extra },
    });
    return moved;
  });
}

/** From awaiting confirmation to sending (with the total typed above the threshold). */
export async function confirmPayoutBatch(
  ctx: Deps & Pick<ServiceDeps, "session">,
  id: string,
  confirmation: { typed_total_centavos?: number },
): Promise<Answer<Batch>> {
  const batch = await batchOr404(ctx.ledger, ctx.businessId, id);
  // A repeated click on a batch already confirmed gets the batch, not an error.
  if (batch.confirmedAt && batch.status !== "cancelled") return answer(ctx, batch);
  if (batch.status !== "awaiting_confirmation") throw notNow(batch, "confirmed");
  requireWorkspaceApiKey(ctx);
  const threshold = payoutSettings().PAYOUT_BATCH_CONFIRM_THRESHOLD_CENTAVOS;
  if (typedTotalRequired(batch.totalCentavos) && confirmation.typed_total_centavos !== batch.totalCentavos) {
    throw new BffError("validation_error", "Type the batch's total to confirm it.", {
      fields: { typed_total_centavos: "batch.confirm.totalMismatch" },
      details: { threshold_centavos: threshold },
    });
  }
  const moved = await moveAudited(ctx, batch, {
    from: ["awaiting_confirmation"],
    changes: {
      status: "sending",
      confirmedByName: ctx.actor.name,
      confirmedAt: new Date(serverClock().now()),
    },
    action: "batch.confirmed",
  });
  if (!moved) return confirmPayoutBatch(ctx, id, confirmation);
  wakeBatchWorker();
  return answer(ctx, moved);
}

/** Sends nothing new; rows already sent carry on. */
export async function pausePayoutBatch(ctx: Deps, id: string): Promise<Answer<Batch>> {
  const batch = await batchOr404(ctx.ledger, ctx.businessId, id);
  if (batch.status === "paused") return answer(ctx, batch);
  if (batch.status !== "sending") throw notNow(batch, "paused");
  const moved = await moveAudited(ctx, batch, {
    from: ["sending"],
    changes: {
      status: "paused",
      pausedByName: ctx.actor.name,
      pausedAt: new Date(serverClock().now()),
      pausedReason: null,
    },
    action: "batch.paused",
  });
  return moved ? answer(ctx, moved) : pausePayoutBatch(ctx, id);
}

/**
 * Sending again, from the rows still pending, with the workspace's API key as the worker finds it then (also after a
 * pause for a credential that was missing or that the API refused: store a working one first).
 */
export async function resumePayoutBatch(ctx: Deps & Pick<ServiceDeps, "session">, id: string): Promise<Answer<Batch>> {
  const batch = await batchOr404(ctx.ledger, ctx.businessId, id);
  if (batch.status === "sending") return answer(ctx, batch);
  if (batch.status !== "paused") throw notNow(batch, "resumed");
  requireWorkspaceApiKey(ctx);
  const moved = await moveAudited(ctx, batch, {
    from: ["paused"],
    changes: {
      status: "sending",
      backoffUntil: null,
      pausedReason: null,
    },
    action: "batch.resumed",
  });
  if (!moved) return resumePayoutBatch(ctx, id);
  wakeBatchWorker();
  return answer(ctx, moved);
}

/** Rows not sent yet become cancelled; rows already sent carry on. */
export async function cancelPayoutBatch(ctx: Deps, id: string): Promise<Answer<Batch>> {
  const batch = await batchOr404(ctx.ledger, ctx.businessId, id);
  if (batch.status === "cancelled") return answer(ctx, batch);
  if (batch.status === "completed") throw notNow(batch, "cancelled");
  const moved = await moveAudited(ctx, batch, {
    from: ["awaiting_confirmation", "sending", "paused"],
    changes: { status: "cancelled", cancelledByName: ctx.actor.name, cancelledAt: new Date(serverClock().now()) },
    action: "batch.cancelled",
    also: async (tx) => ({ rows_cancelled: await cancelPendingRows(tx, ctx.businessId, batch.id) }),
  });
  return moved ? answer(ctx, moved) : cancelPayoutBatch(ctx, id);
}
