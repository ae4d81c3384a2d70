/**
 * Messages of the overview feature. Keys are prefixed "overview."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const overviewPtBR = {
  "overview.links.title": "Links de pagamento",
  "overview.links.description.one": "Totais de {count} link, desde a criação.",
  "overview.links.description.other": "Totais dos {count} links, desde a criação.",
  "overview.links.descriptionLoading": "Totais de todos os links, desde a criação.",
  "overview.links.viewAll": "Ver links",
  "overview.links.revenue": "Receita dos links",
  "overview.links.revenueHint": "Soma das vendas de todos os links",
  "overview.links.sales": "Vendas",
  "overview.links.conversion": "Conversão de {rate} das visitas",
  "overview.links.noVisits": "Nenhuma visita ainda",
  "overview.links.active": "Links no ar",
  "overview.links.activeOf.one": "de {count} link",
  "overview.links.activeOf.other": "de {count} links",

  "overview.chargebacks.title": "Contestações com prazo mais próximo",
  "overview.chargebacks.description.one": "{count} aberta. Prazos de resposta em {zone}.",
  "overview.chargebacks.description.other": "{count} abertas. Prazos de resposta em {zone}.",
  "overview.chargebacks.descriptionLoading": "Contestações abertas, pelo prazo de resposta.",
  "overview.chargebacks.viewAll": "Ver contestações",
  "overview.chargebacks.listLabel": "Contestações abertas, do prazo mais próximo ao mais distante",
  "overview.chargebacks.emptyTitle": "Nenhuma contestação aberta",
  "overview.chargebacks.emptyDescription": "Nada precisa de resposta agora. Novas contestações e MEDs aparecem aqui.",
  "overview.chargebacks.noDeadline": "Sem prazo informado",
  "overview.chargebacks.kind.pix_med": "MED Pix",
  "overview.chargebacks.kind.card_chargeback": "Cartão",
  "overview.chargebacks.kind.unknown": "Tipo não informado",

  "overview.countdown.days": "{days} d {hours} h",
  "overview.countdown.hours": "{hours} h {minutes} min",
  "overview.countdown.minutes": "{minutes} min",
  "overview.countdown.left": "faltam {time}",
  "overview.countdown.overdue": "venceu há {time}",

  "overview.payouts.title": "Últimos repasses",
} as const;

export const overviewEn = {
  "overview.links.title": "Payment links",
  "overview.links.description.one": "Totals of {count} link, since it was created.",
  "overview.links.description.other": "Totals of the {count} links, since they were created.",
  "overview.links.descriptionLoading": "Totals of every link, since they were created.",
  "overview.links.viewAll": "See links",
  "overview.links.revenue": "Links revenue",
  "overview.links.revenueHint": "Sum of the sales of every link",
  "overview.links.sales": "Sales",
  "overview.links.conversion": "{rate} of visits converted",
  "overview.links.noVisits": "No visits yet",
  "overview.links.active": "Live links",
  "overview.links.activeOf.one": "of {count} link",
  "overview.links.activeOf.other": "of {count} links",

  "overview.chargebacks.title": "Disputes due soonest",
  "overview.chargebacks.description.one": "{count} open. Response deadlines in {zone}.",
  "overview.chargebacks.description.other": "{count} open. Response deadlines in {zone}.",
  "overview.chargebacks.descriptionLoading": "Open disputes, by response deadline.",
  "overview.chargebacks.viewAll": "See disputes",
  "overview.chargebacks.listLabel": "Open disputes, nearest deadline first",
  "overview.chargebacks.emptyTitle": "No open disputes",
  "overview.chargebacks.emptyDescription": "Nothing needs a response now. New chargebacks and MEDs show up here.",
  "overview.chargebacks.noDeadline": "No deadline given",
  "overview.chargebacks.kind.pix_med": "Pix MED",
  "overview.chargebacks.kind.card_chargeback": "Card",
  "overview.chargebacks.kind.unknown": "Kind not given",

  "overview.countdown.days": "{days} d {hours} h",
  "overview.countdown.hours": "{hours} h {minutes} min",
  "overview.countdown.minutes": "{minutes} min",
  "overview.countdown.left": "{time} left",
  "overview.countdown.overdue": "overdue by {time}",

  "overview.payouts.title": "Latest payouts",
} as const satisfies Record<keyof typeof overviewPtBR, string>;
