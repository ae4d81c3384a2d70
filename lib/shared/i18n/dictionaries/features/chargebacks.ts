/**
 * Messages of the chargebacks feature. Keys are prefixed "chargebacks."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const chargebacksPtBR = {
  "chargebacks.description": "Disputas MED do Pix e chargebacks de cartão. Prazos em {zone}.",
  "chargebacks.refresh": "Atualizar",
  "chargebacks.searchPlaceholder": "ID, cliente, repasse ou E2E",
  "chargebacks.exported.one": "{count} contestação exportada",
  "chargebacks.exported.other": "{count} contestações exportadas",
  "chargebacks.rowLabel": "Contestação {id}",

  "chargebacks.kind.pix_med": "MED Pix",
  "chargebacks.kind.card_chargeback": "Cartão",
  "chargebacks.kind.none": "Tipo não informado",

  "chargebacks.column.kind": "Tipo",
  "chargebacks.column.id": "ID",
  "chargebacks.column.status": "Status",
  "chargebacks.column.amount": "Valor",
  "chargebacks.column.respondBy": "Prazo de resposta",
  "chargebacks.column.customer": "Cliente",
  "chargebacks.column.reason": "Motivo",
  "chargebacks.column.reference": "Repasse ou cartão",
  "chargebacks.column.createdAt": "Aberta em",

  "chargebacks.deadline.overdue": "Vencido há {time}",
  "chargebacks.deadline.due": "Vence em {time}",
  "chargebacks.deadline.waiting": "Prazo em {time}",
  "chargebacks.deadline.waitingPast": "Prazo passou há {time}",

  "chargebacks.urgency.overdue": "Prazo vencido",
  "chargebacks.urgency.due24h": "Urgente: menos de 24 h",
  "chargebacks.urgency.due72h": "Menos de 72 h",
  "chargebacks.urgency.later": "No prazo",
  "chargebacks.urgency.waiting": "Em análise, sem ação necessária",
  "chargebacks.urgency.closed": "Encerrada",
  "chargebacks.urgency.none": "Sem prazo",

  "chargebacks.summary.label": "Resumo das contestações",
  "chargebacks.summary.needsAction": "Precisam de ação",
  "chargebacks.summary.needsActionHint": "Aguardando a sua resposta",
  "chargebacks.summary.due24h": "Vencem em 24 h",
  "chargebacks.summary.overdue.one": "{count} já vencida",
  "chargebacks.summary.overdue.other": "{count} já vencidas",
  "chargebacks.summary.noneOverdue": "Nenhuma vencida",
  "chargebacks.summary.underReview": "Em análise",
  "chargebacks.summary.underReviewHint": "Respondidas, aguardando decisão",
  "chargebacks.summary.openAmount": "Valor em disputa",
  "chargebacks.summary.openHint.one": "Em {count} contestação aberta",
  "chargebacks.summary.openHint.other": "Em {count} contestações abertas",

  "chargebacks.help.title": "Como ler esta página",
  "chargebacks.help.needsAction":
    "Precisam de ação: contestações com status “Aguardando resposta”. Envie a defesa ou aceite a contestação pelo canal do seu provedor antes do prazo de resposta; sem resposta no prazo, a disputa costuma ser decidida contra você.",
  "chargebacks.help.underReview":
    "Em análise: a resposta já foi enviada e a bandeira do cartão ou o banco do pagador está decidindo. Não exige ação; o prazo aparece só como referência. Abertas = Aguardando resposta, Em análise ou um status que o painel ainda não conhece (nunca presumido encerrado).",
  "chargebacks.help.closed": "Ganha, Perdida, Aceita e Reembolsada são contestações encerradas.",
  "chargebacks.help.urgency":
    "Prazos: vermelho = vencido ou menos de 24 h; amarelo = menos de 72 h; neutro = mais tempo. O texto diz quanto falta, e os horários estão no fuso escolhido no topo da página.",
  "chargebacks.help.sort":
    "Por padrão, as contestações abertas vêm primeiro, com o prazo mais próximo no topo; as encerradas vêm depois.",
  "chargebacks.help.kinds":
    "MED Pix (ícone de QR code): devolução pedida pelo banco do pagador pelo Mecanismo Especial de Devolução, ligada a um repasse. Cartão (ícone de cartão): chargeback aberto pela bandeira.",
  "chargebacks.help.export":
    "CSV ou Excel (.xlsx) baixa exatamente a lista filtrada e ordenada (todas as linhas, não só as visíveis), no seu idioma: em português, o CSV usa ponto e vírgula, valores com vírgula decimal (1234,56) e datas dd/mm/aaaa no seu fuso, como o Excel brasileiro abre.",

  "chargebacks.filter.kind": "Tipo de contestação",
  "chargebacks.filter.allKinds": "Todos os tipos",
  "chargebacks.filter.status": "Status",
  "chargebacks.filter.allStatuses": "Todos os status",
  "chargebacks.filter.open": "Abertas",
  "chargebacks.filter.deadline": "Prazo de resposta",
  "chargebacks.filter.anyDeadline": "Qualquer prazo",
  "chargebacks.filter.deadline.overdue": "Vencidas",
  "chargebacks.filter.deadline.24h": "Vencem em 24 h",
  "chargebacks.filter.deadline.72h": "Vencem em 72 h",
  "chargebacks.filter.deadline.today": "Vencem hoje",
  "chargebacks.filter.deadline.3d": "Vencem em 1 a 3 dias",
  "chargebacks.filter.deadline.7d": "Vencem em 4 a 7 dias",
  "chargebacks.filter.deadline.later": "Vencem em mais de 7 dias",
  "chargebacks.filter.deadline.none": "Sem prazo",
  "chargebacks.filter.created": "Data de abertura ({zone})",
  "chargebacks.filter.createdShort": "Aberta",
  "chargebacks.filter.from": "Aberta a partir de ({zone})",
  "chargebacks.filter.to": "Aberta até ({zone})",
  "chargebacks.filter.zoneHint": "Dias contados no fuso escolhido no topo da página",

  "chargebacks.empty.title": "Nenhuma contestação",
  "chargebacks.empty.description":
    "Quando um cliente contestar um pagamento com cartão ou pedir devolução de um Pix (MED), ela aparece aqui com o prazo de resposta.",
  "chargebacks.empty.filteredTitle": "Nenhuma contestação com estes filtros",
  "chargebacks.empty.filteredDescription":
    "Mude a busca, o tipo, o status, o prazo ou as datas, ou limpe os filtros para ver todas.",

  "chargebacks.sheet.title": "Contestação",
  "chargebacks.sheet.titleWith": "{kind} · {amount}",
  "chargebacks.sheet.details": "Detalhes",
  "chargebacks.sheet.otherFields": "Outros campos",
  "chargebacks.sheet.otherFieldsHint":
    "Campos enviados pela API que o painel não interpreta, exatamente como chegaram.",
  "chargebacks.sheet.noOtherFields": "Nenhum outro campo.",
  "chargebacks.sheet.json": "JSON completo (para o suporte)",
  "chargebacks.sheet.notFound": "Contestação não encontrada",
  "chargebacks.sheet.notFoundHint":
    "Nenhuma contestação desta empresa tem o ID {id}. Confira o link ou busque na lista.",
  "chargebacks.sheet.respondBy": "Responder até {date}",
  "chargebacks.sheet.closedDeadline": "Contestação encerrada",
  "chargebacks.sheet.actionAdvice":
    "Envie a defesa ou aceite a contestação pelo canal do seu provedor antes deste horário.",
  "chargebacks.sheet.overdueAdvice":
    "O prazo de resposta passou. Fale com o seu provedor para saber se ainda é possível responder.",
  "chargebacks.sheet.waitingAdvice": "A resposta já foi enviada; aguarde a decisão. Nenhuma ação é necessária agora.",
  "chargebacks.sheet.closedAdvice": "A disputa foi decidida; este era o prazo de resposta.",

  "chargebacks.field.id": "ID da contestação",
  "chargebacks.field.kind": "Tipo",
  "chargebacks.field.status": "Status",
  "chargebacks.field.amount": "Valor",
  "chargebacks.field.reason": "Motivo",
  "chargebacks.field.reasonCode": "Código do motivo",
  "chargebacks.field.customer": "Cliente",
  "chargebacks.field.createdAt": "Aberta em",
  "chargebacks.field.respondBy": "Prazo de resposta",
  "chargebacks.field.payout": "ID do repasse",
  "chargebacks.field.endToEnd": "ID fim a fim (E2E)",
  "chargebacks.field.cardBrand": "Bandeira",
  "chargebacks.field.cardLast4": "Cartão",
} as const;

export const chargebacksEn = {
  "chargebacks.description": "Pix MED disputes and card chargebacks. Deadlines in {zone}.",
  "chargebacks.refresh": "Refresh",
  "chargebacks.searchPlaceholder": "ID, customer, payout or E2E",
  "chargebacks.exported.one": "{count} dispute exported",
  "chargebacks.exported.other": "{count} disputes exported",
  "chargebacks.rowLabel": "Dispute {id}",

  "chargebacks.kind.pix_med": "Pix MED",
  "chargebacks.kind.card_chargeback": "Card",
  "chargebacks.kind.none": "Kind not given",

  "chargebacks.column.kind": "Kind",
  "chargebacks.column.id": "ID",
  "chargebacks.column.status": "Status",
  "chargebacks.column.amount": "Amount",
  "chargebacks.column.respondBy": "Response deadline",
  "chargebacks.column.customer": "Customer",
  "chargebacks.column.reason": "Reason",
  "chargebacks.column.reference": "Payout or card",
  "chargebacks.column.createdAt": "Opened",

  "chargebacks.deadline.overdue": "Overdue by {time}",
  "chargebacks.deadline.due": "Due in {time}",
  "chargebacks.deadline.waiting": "Deadline in {time}",
  "chargebacks.deadline.waitingPast": "Deadline passed {time} ago",

  "chargebacks.urgency.overdue": "Overdue",
  "chargebacks.urgency.due24h": "Urgent: less than 24 h",
  "chargebacks.urgency.due72h": "Less than 72 h",
  "chargebacks.urgency.later": "On time",
  "chargebacks.urgency.waiting": "Under review, no action needed",
  "chargebacks.urgency.closed": "Closed",
  "chargebacks.urgency.none": "No deadline",

  "chargebacks.summary.label": "Disputes summary",
  "chargebacks.summary.needsAction": "Need action",
  "chargebacks.summary.needsActionHint": "Waiting for your response",
  "chargebacks.summary.due24h": "Due within 24 h",
  "chargebacks.summary.overdue.one": "{count} already overdue",
  "chargebacks.summary.overdue.other": "{count} already overdue",
  "chargebacks.summary.noneOverdue": "None overdue",
  "chargebacks.summary.underReview": "Under review",
  "chargebacks.summary.underReviewHint": "Answered, waiting for a decision",
  "chargebacks.summary.openAmount": "Amount in dispute",
  "chargebacks.summary.openHint.one": "In {count} open dispute",
  "chargebacks.summary.openHint.other": "In {count} open disputes",

  "chargebacks.help.title": "How to read this page",
  "chargebacks.help.needsAction":
    "Need action: disputes with status “Needs response”. Send your evidence or accept the dispute through your provider before the response deadline; without a response in time, the dispute is usually decided against you.",
  "chargebacks.help.underReview":
    "Under review: the response was sent and the card network or the payer's bank is deciding. No action is needed; the deadline is shown for reference only. Open = Needs response, Under review, or a status the dashboard does not know yet (never assumed closed).",
  "chargebacks.help.closed": "Won, Lost, Accepted and Refunded are closed disputes.",
  "chargebacks.help.urgency":
    "Deadlines: red = overdue or less than 24 h; amber = less than 72 h; neutral = more time. The text says how much time is left, and times are in the zone chosen at the top of the page.",
  "chargebacks.help.sort":
    "By default, open disputes come first, the nearest deadline at the top; closed ones come after.",
  "chargebacks.help.kinds":
    "Pix MED (QR code icon): a refund requested by the payer's bank through Pix's Special Return Mechanism, tied to a payout. Card (card icon): a chargeback opened through the card network.",
  "chargebacks.help.export":
    "CSV or Excel (.xlsx) downloads exactly the filtered, sorted list (every row, not only the visible ones) in your language: in English the CSV uses commas, amounts with a decimal point (1234.56) and dates as 2026-11-22 in your zone.",

  "chargebacks.filter.kind": "Dispute kind",
  "chargebacks.filter.allKinds": "All kinds",
  "chargebacks.filter.status": "Status",
  "chargebacks.filter.allStatuses": "All statuses",
  "chargebacks.filter.open": "Open",
  "chargebacks.filter.deadline": "Response deadline",
  "chargebacks.filter.anyDeadline": "Any deadline",
  "chargebacks.filter.deadline.overdue": "Overdue",
  "chargebacks.filter.deadline.24h": "Due within 24 h",
  "chargebacks.filter.deadline.72h": "Due within 72 h",
  "chargebacks.filter.deadline.today": "Due today",
  "chargebacks.filter.deadline.3d": "Due in 1 to 3 days",
  "chargebacks.filter.deadline.7d": "Due in 4 to 7 days",
  "chargebacks.filter.deadline.later": "Due in more than 7 days",
  "chargebacks.filter.deadline.none": "No deadline",
  "chargebacks.filter.created": "Opened on ({zone})",
  "chargebacks.filter.createdShort": "Opened",
  "chargebacks.filter.from": "Opened from ({zone})",
  "chargebacks.filter.to": "Opened until ({zone})",
  "chargebacks.filter.zoneHint": "Days counted in the zone chosen at the top of the page",

  "chargebacks.empty.title": "No disputes",
  "chargebacks.empty.description":
    "When a customer disputes a card payment or asks for a Pix refund (MED), it shows up here with its response deadline.",
  "chargebacks.empty.filteredTitle": "No disputes match these filters",
  "chargebacks.empty.filteredDescription":
    "Change the search, kind, status, deadline or dates, or clear the filters to see them all.",

  "chargebacks.sheet.title": "Dispute",
  "chargebacks.sheet.titleWith": "{kind} · {amount}",
  "chargebacks.sheet.details": "Details",
  "chargebacks.sheet.otherFields": "Other fields",
  "chargebacks.sheet.otherFieldsHint":
    "Fields the API sent that the dashboard does not interpret, exactly as they came.",
  "chargebacks.sheet.noOtherFields": "No other fields.",
  "chargebacks.sheet.json": "Full JSON (for support)",
  "chargebacks.sheet.notFound": "Dispute not found",
  "chargebacks.sheet.notFoundHint": "No dispute of this business has the ID {id}. Check the link or search the list.",
  "chargebacks.sheet.respondBy": "Respond by {date}",
  "chargebacks.sheet.closedDeadline": "Closed dispute",
  "chargebacks.sheet.actionAdvice": "Send your evidence or accept the dispute through your provider before this time.",
  "chargebacks.sheet.overdueAdvice":
    "The response deadline has passed. Ask your provider whether a response is still possible.",
  "chargebacks.sheet.waitingAdvice": "The response was sent; wait for the decision. No action is needed now.",
  "chargebacks.sheet.closedAdvice": "The dispute was decided; this was its response deadline.",

  "chargebacks.field.id": "Dispute ID",
  "chargebacks.field.kind": "Kind",
  "chargebacks.field.status": "Status",
  "chargebacks.field.amount": "Amount",
  "chargebacks.field.reason": "Reason",
  "chargebacks.field.reasonCode": "Reason code",
  "chargebacks.field.customer": "Customer",
  "chargebacks.field.createdAt": "Opened",
  "chargebacks.field.respondBy": "Response deadline",
  "chargebacks.field.payout": "Payout ID",
  "chargebacks.field.endToEnd": "End-to-end ID (E2E)",
  "chargebacks.field.cardBrand": "Card brand",
  "chargebacks.field.cardLast4": "Card",
} as const satisfies Record<keyof typeof chargebacksPtBR, string>;
