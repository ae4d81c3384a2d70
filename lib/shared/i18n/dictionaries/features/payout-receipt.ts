/**
 * Messages of the payout receipt (the printable page and its PDF). Keys are prefixed "receipt."; en must have
 * exactly the keys of pt-BR (a type error otherwise).
 */
export const payoutReceiptPtBR = {
  "receipt.pageTitle": "Documento do repasse",
  "receipt.title.paid": "Comprovante de Pix enviado",
  "receipt.title.other": "Situação de repasse Pix",
  "receipt.title.test": "Comprovante de teste (sandbox)",
  "receipt.testMark":
    "AMBIENTE DE TESTES (sandbox): nenhum dinheiro foi movimentado. Este documento não é um comprovante de pagamento.",
  "receipt.notProof.pending":
    "Este documento não é um comprovante de pagamento: o repasse ainda não foi liquidado pela rede Pix.",
  "receipt.notProof.failed":
    "Este documento não é um comprovante de pagamento: o repasse falhou e nenhum valor foi transferido.",
  "receipt.notProof.unknown":
    "Este documento não é um comprovante de pagamento: a API informou um status que o painel não conhece.",
  "receipt.section.transfer": "Transferência",
  "receipt.section.payer": "Pagador",
  "receipt.section.payee": "Recebedor",
  "receipt.section.ids": "Identificação",
  "receipt.field.status": "Status",
  "receipt.field.amount": "Valor",
  "receipt.field.fee": "Tarifa",
  "receipt.field.net": "Valor líquido",
  "receipt.field.paidAt": "Pago em",
  "receipt.field.createdAt": "Criado em",
  "receipt.field.failureReason": "Motivo da falha, nas palavras do provedor",
  "receipt.field.name": "Nome",
  "receipt.field.document": "CPF/CNPJ",
  "receipt.field.key": "Chave Pix",
  "receipt.field.keyType": "Tipo de chave",
  "receipt.field.institution": "Instituição (ISPB)",
  "receipt.field.endToEndId": "ID fim a fim (E2E)",
  "receipt.field.payoutId": "ID do repasse",
  "receipt.notReported": "Não informado",
  "receipt.issuedAt": "Emitido em {at}",
  "receipt.zoneNote": "Horários em {zone}.",
  "receipt.print": "Imprimir",
  "receipt.downloadPdf": "Baixar PDF",
  "receipt.open": "Ver comprovante",
  "receipt.backToPayout": "Voltar ao repasse",
  "receipt.unavailableTitle": "Não foi possível carregar o comprovante",
  "receipt.unavailableDescription":
    "O repasse pode não existir, ou a API de pagamentos não respondeu a tempo. Tente de novo em instantes.",
  "receipt.tryAgain": "Tentar de novo",
} as const;

export const payoutReceiptEn = {
  "receipt.pageTitle": "Payout document",
  "receipt.title.paid": "Pix transfer receipt",
  "receipt.title.other": "Pix payout status",
  "receipt.title.test": "Test receipt (sandbox)",
  "receipt.testMark": "TEST ENVIRONMENT (sandbox): no money was moved. This document is not proof of payment.",
  "receipt.notProof.pending":
    "This document is not proof of payment: the payout has not been settled on the Pix network yet.",
  "receipt.notProof.failed": "This document is not proof of payment: the payout failed and no money was transferred.",
  "receipt.notProof.unknown":
    "This document is not proof of payment: the API reported a status the dashboard does not know.",
  "receipt.section.transfer": "Transfer",
  "receipt.section.payer": "Payer",
  "receipt.section.payee": "Payee",
  "receipt.section.ids": "Identification",
  "receipt.field.status": "Status",
  "receipt.field.amount": "Amount",
  "receipt.field.fee": "Fee",
  "receipt.field.net": "Net amount",
  "receipt.field.paidAt": "Paid at",
  "receipt.field.createdAt": "Created at",
  "receipt.field.failureReason": "Failure reason, in the payments provider's words",
  "receipt.field.name": "Name",
  "receipt.field.document": "CPF/CNPJ",
  "receipt.field.key": "Pix key",
  "receipt.field.keyType": "Key type",
  "receipt.field.institution": "Institution (ISPB)",
  "receipt.field.endToEndId": "End-to-end id (E2E)",
  "receipt.field.payoutId": "Payout id",
  "receipt.notReported": "Not reported",
  "receipt.issuedAt": "Issued {at}",
  "receipt.zoneNote": "Times in {zone}.",
  "receipt.print": "Print",
  "receipt.downloadPdf": "Download PDF",
  "receipt.open": "View receipt",
  "receipt.backToPayout": "Back to the payout",
  "receipt.unavailableTitle": "Could not load the receipt",
  "receipt.unavailableDescription":
    "The payout may not exist, or the payments API did not answer in time. Try again in a moment.",
  "receipt.tryAgain": "Try again",
} as const satisfies Record<keyof typeof payoutReceiptPtBR, string>;
