/**
 * Messages of the payout insights' figures outside their page: the outcomes (one per register row, see
 * docs/insights.md), the register's outcome filter, and the start column of the series' file from the server
 * (GET /api/insights/payouts?format=csv|xlsx; its other titles are the insights page's export's). en must have exactly the keys of pt-BR (a type error otherwise).
 */
export const payoutInsightsPtBR = {
  "payouts.outcome.paid": "Pago",
  "payouts.outcome.pending": "Em andamento",
  "payouts.outcome.failed": "Falhou",
  "payouts.outcome.needs_review": "Precisa de revisão",
  "payouts.outcome.not_sent": "Não enviado (recusado)",
  "payouts.outcome.handled": "Resolvido por uma pessoa",
  "payouts.register.outcomeFilter": "Resultado: {outcome}",
  "payouts.register.outcomeFilterRemove": "Remover o filtro de resultado “{outcome}”",

  "insights.payouts.export.start": "Início do período",
} as const;

export const payoutInsightsEn = {
  "payouts.outcome.paid": "Paid",
  "payouts.outcome.pending": "Pending",
  "payouts.outcome.failed": "Failed",
  "payouts.outcome.needs_review": "Needs review",
  "payouts.outcome.not_sent": "Not sent (refused)",
  "payouts.outcome.handled": "Handled by a person",
  "payouts.register.outcomeFilter": "Outcome: {outcome}",
  "payouts.register.outcomeFilterRemove": "Remove the outcome filter “{outcome}”",

  "insights.payouts.export.start": "Period start",
} as const satisfies Record<keyof typeof payoutInsightsPtBR, string>;
