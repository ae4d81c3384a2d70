/**
 * Messages of the payout insights' figures outside their page: the outcomes (one per register row, see
 * docs/insights.md), the register's outcome filter, and the columns of the series' file
 * (GET /api/insights/payouts?format=csv|xlsx). en must have exactly the keys of pt-BR (a type error otherwise).
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

  "insights.payouts.export.sheet": "Repasses por período",
  "insights.payouts.export.start": "Início do período",
  "insights.payouts.export.count": "Repasses",
  "insights.payouts.export.amount": "Valor",
  "insights.payouts.export.fee": "Tarifas",
  "insights.payouts.export.net": "Líquido",
  "insights.payouts.export.count.paid": "Pagos",
  "insights.payouts.export.amount.paid": "Valor pago",
  "insights.payouts.export.count.pending": "Em andamento",
  "insights.payouts.export.amount.pending": "Valor em andamento",
  "insights.payouts.export.count.failed": "Falharam",
  "insights.payouts.export.amount.failed": "Valor que falhou",
  "insights.payouts.export.count.needs_review": "Precisam de revisão",
  "insights.payouts.export.amount.needs_review": "Valor em revisão",
  "insights.payouts.export.count.not_sent": "Não enviados",
  "insights.payouts.export.amount.not_sent": "Valor não enviado",
  "insights.payouts.export.count.handled": "Resolvidos por uma pessoa",
  "insights.payouts.export.amount.handled": "Valor resolvido por uma pessoa",
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

  "insights.payouts.export.sheet": "Payouts by period",
  "insights.payouts.export.start": "Period start",
  "insights.payouts.export.count": "Payouts",
  "insights.payouts.export.amount": "Amount",
  "insights.payouts.export.fee": "Fees",
  "insights.payouts.export.net": "Net",
  "insights.payouts.export.count.paid": "Paid",
  "insights.payouts.export.amount.paid": "Amount paid",
  "insights.payouts.export.count.pending": "Pending",
  "insights.payouts.export.amount.pending": "Amount pending",
  "insights.payouts.export.count.failed": "Failed",
  "insights.payouts.export.amount.failed": "Amount failed",
  "insights.payouts.export.count.needs_review": "Needing review",
  "insights.payouts.export.amount.needs_review": "Amount in review",
  "insights.payouts.export.count.not_sent": "Not sent",
  "insights.payouts.export.amount.not_sent": "Amount not sent",
  "insights.payouts.export.count.handled": "Handled by a person",
  "insights.payouts.export.amount.handled": "Amount handled by a person",
} as const satisfies Record<keyof typeof payoutInsightsPtBR, string>;
