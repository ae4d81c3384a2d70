/**
 * Messages of the payout register's reconciliation tools: the date range, the totals of the filtered rows, the
 * holder's name and the export. Keys are prefixed "payouts."; en must have exactly the keys of pt-BR.
 */
export const payoutsRegisterPtBR = {
  "payouts.col.holder": "Titular",
  "payouts.register.holderUnknown": "Conhecido quando o repasse é consultado na API",

  "payouts.register.dates": "Criados entre (dias em {zone})",
  "payouts.register.datesCaption": "Criados",
  "payouts.register.from": "Primeiro dia ({zone})",
  "payouts.register.to": "Último dia, inteiro ({zone})",
  "payouts.register.zoneHint":
    "Os dias são lidos no fuso escolhido no topo da página; o último dia conta até 23:59:59.",

  "payouts.totals.title": "Totais dos repasses filtrados",
  "payouts.totals.count": "Repasses",
  "payouts.totals.amount": "Valor",
  "payouts.totals.fee": "Tarifas",
  "payouts.totals.net": "Líquido",
  "payouts.totals.allDates": "Todas as datas ({zone})",
  "payouts.totals.range": "Criados de {from} a {to} ({zone})",
  "payouts.totals.rangeFrom": "Criados a partir de {from} ({zone})",
  "payouts.totals.rangeTo": "Criados até {to} ({zone})",
  "payouts.totals.period": "Criados de {from} até antes de {to} ({zone})",
  "payouts.totals.periodBefore": "Criados antes de {to} ({zone})",
  "payouts.totals.feeNote.zero":
    "O valor soma todos os repasses listados, inclusive os com falha ou recusados. Nenhum deles tem tarifa conhecida, então tarifas e líquido ficam em zero; repasses com falha não somam tarifa nem líquido.",
  "payouts.totals.feeNote.one":
    "O valor soma todos os repasses listados, inclusive os com falha ou recusados. Tarifas e líquido somam só o repasse com tarifa conhecida ({count}); repasses com falha não somam tarifa nem líquido.",
  "payouts.totals.feeNote.other":
    "O valor soma todos os repasses listados, inclusive os com falha ou recusados. Tarifas e líquido somam só os {count} repasses com tarifa conhecida; repasses com falha não somam tarifa nem líquido.",
  "payouts.totals.failed": "Não foi possível somar os totais deste filtro.",

  "payouts.export.tooMany": "Mais de {max} repasses neste filtro: estreite as datas para exportar.",
  "payouts.export.done": "Arquivo baixado: {count} repasses.",
  "payouts.export.failed": "A exportação falhou.",
  "payouts.export.sheet": "Repasses",
  "payouts.export.state": "Situação no registro",
  "payouts.export.state.intent": "Enviando",
  "payouts.export.state.uncertain": "Resultado incerto",
  "payouts.export.state.needs_review": "Precisa de revisão",
  "payouts.export.state.submitted": "Enviado à API",
  "payouts.export.state.rejected": "Recusado pela API",
  "payouts.export.state.handled": "Resolvido por uma pessoa",
} as const;

export const payoutsRegisterEn = {
  "payouts.col.holder": "Holder",
  "payouts.register.holderUnknown": "Known once the payout is read back from the API",

  "payouts.register.dates": "Created between (days in {zone})",
  "payouts.register.datesCaption": "Created",
  "payouts.register.from": "First day ({zone})",
  "payouts.register.to": "Last day, whole ({zone})",
  "payouts.register.zoneHint":
    "Days are read in the zone chosen at the top of the page; the last day counts until 23:59:59.",

  "payouts.totals.title": "Totals of the filtered payouts",
  "payouts.totals.count": "Payouts",
  "payouts.totals.amount": "Amount",
  "payouts.totals.fee": "Fees",
  "payouts.totals.net": "Net",
  "payouts.totals.allDates": "All dates ({zone})",
  "payouts.totals.range": "Created {from} to {to} ({zone})",
  "payouts.totals.rangeFrom": "Created from {from} ({zone})",
  "payouts.totals.rangeTo": "Created until {to} ({zone})",
  "payouts.totals.period": "Created from {from} until before {to} ({zone})",
  "payouts.totals.periodBefore": "Created before {to} ({zone})",
  "payouts.totals.feeNote.zero":
    "The amount adds every payout listed, failed or refused ones included. None of them has a known fee, so fees and net stay at zero; failed payouts add neither fee nor net.",
  "payouts.totals.feeNote.one":
    "The amount adds every payout listed, failed or refused ones included. Fees and net add up only the payout whose fee is known ({count}); failed payouts add neither fee nor net.",
  "payouts.totals.feeNote.other":
    "The amount adds every payout listed, failed or refused ones included. Fees and net add up only the {count} payouts whose fee is known; failed payouts add neither fee nor net.",
  "payouts.totals.failed": "The totals of this filter could not be added up.",

  "payouts.export.tooMany": "More than {max} payouts in this filter: narrow the dates to export.",
  "payouts.export.done": "File downloaded: {count} payouts.",
  "payouts.export.failed": "The export failed.",
  "payouts.export.sheet": "Payouts",
  "payouts.export.state": "Register state",
  "payouts.export.state.intent": "Sending",
  "payouts.export.state.uncertain": "Outcome unknown",
  "payouts.export.state.needs_review": "Needs review",
  "payouts.export.state.submitted": "Sent to the API",
  "payouts.export.state.rejected": "Refused by the API",
  "payouts.export.state.handled": "Handled by a person",
} as const satisfies Record<keyof typeof payoutsRegisterPtBR, string>;
