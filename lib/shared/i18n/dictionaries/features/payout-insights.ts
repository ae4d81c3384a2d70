/**
 * Messages of the payout insights' figures outside their page: the register's outcome and period filters (the outcome named by
 * `insights.outcome.*`, the one name of each outcome, as the insights page says it; docs/insights.md), and the start column of the series' file from the server
 * (GET /api/insights/payouts?format=csv|xlsx; its other titles are the insights page's export's). en must have exactly the keys of pt-BR (a type error otherwise).
 */
export const payoutInsightsPtBR = {
  "payouts.register.outcomeFilter": "Resultado: {outcome}",
  "payouts.register.periodFilter": "Período: {from} até antes de {to}",
  "payouts.register.periodFilterFrom": "Período: a partir de {from}",
  "payouts.register.periodFilterBefore": "Período: antes de {to}",

  "insights.payouts.export.start": "Início do período",
} as const;

export const payoutInsightsEn = {
  "payouts.register.outcomeFilter": "Outcome: {outcome}",
  "payouts.register.periodFilter": "Period: {from} until before {to}",
  "payouts.register.periodFilterFrom": "Period: from {from}",
  "payouts.register.periodFilterBefore": "Period: before {to}",

  "insights.payouts.export.start": "Period start",
} as const satisfies Record<keyof typeof payoutInsightsPtBR, string>;
