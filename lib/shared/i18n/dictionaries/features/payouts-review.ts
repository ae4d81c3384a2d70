/**
 * Messages of payouts whose outcome the dashboard does not know: the states'
 * labels, the navigation badge and overview card, the register's state filter,
 * a person's review (check again / mark handled) and the new-payout flow's
 * "payout from earlier in this tab". Keys are prefixed "payouts."; en must have
 * exactly the keys of pt-BR (a type error otherwise).
 *
 * Wording rule: for an unknown outcome (intent, uncertain, needs_review) never
 * say that no money was sent; say that the dashboard does not know.
 */
export const payoutsReviewPtBR = {
  "payouts.state.needsReview": "Precisa de revisão",
  "payouts.state.handled": "Resolvido por uma pessoa",
  "payouts.state.reviewHint": "Aguarda uma pessoa: abra para resolver",

  "payouts.attention.badge.one": "{count} repasse aguarda revisão",
  "payouts.attention.badge.other": "{count} repasses aguardam revisão",
  "payouts.attention.title": "Repasses aguardando uma pessoa",
  "payouts.attention.count.one": "{count} repasse com resultado desconhecido aguarda revisão.",
  "payouts.attention.count.other": "{count} repasses com resultado desconhecido aguardam revisão.",
  "payouts.attention.description":
    "O painel não consegue saber se o dinheiro saiu e não vai adivinhar. Verifique de novo com a mesma chave ou marque como resolvido depois de conferir com o provedor.",
  "payouts.attention.link": "Ver no registro",
  "payouts.attention.inProgress.one": "{count} repasse ainda está sendo confirmado automaticamente.",
  "payouts.attention.inProgress.other": "{count} repasses ainda estão sendo confirmados automaticamente.",
  "payouts.attention.failed": "Não foi possível contar os repasses que aguardam revisão",

  "payouts.register.stateFilter": "Filtrar por situação",
  "payouts.register.allStates": "Todas as situações",
  "payouts.register.reviewBanner.one":
    "{count} repasse aguarda uma pessoa: o painel não sabe se o dinheiro saiu e não vai adivinhar.",
  "payouts.register.reviewBanner.other":
    "{count} repasses aguardam uma pessoa: o painel não sabe se o dinheiro saiu e não vai adivinhar.",
  "payouts.register.showReview": "Mostrar",
  "payouts.stateFilter.attention": "Resultado desconhecido (todos)",
  "payouts.stateFilter.needs_review": "Precisa de revisão",
  "payouts.stateFilter.in_progress": "Em resolução (enviando ou incerto)",
  "payouts.stateFilter.submitted": "Aceito pelo provedor",
  "payouts.stateFilter.rejected": "Recusado",
  "payouts.stateFilter.handled": "Resolvido por uma pessoa",

  "payouts.needsReview.title": "O painel não sabe se o dinheiro saiu",
  "payouts.needsReview.explanation":
    "Este repasse foi enviado sem uma resposta definitiva. O dinheiro pode ou não ter saído, e o painel não vai adivinhar: uma pessoa decide. “Verificar de novo” reenvia o mesmo pedido com a mesma chave de idempotência: se o repasse já existe, o provedor apenas o confirma; ele nunca é pago duas vezes.",
  "payouts.needsReview.neverSentTitle": "Este repasse nunca foi enviado",
  "payouts.needsReview.neverSentExplanation":
    "O painel registrou este repasse, mas nenhum envio dele começou (o processo parou antes, ou a credencial para enviá-lo não estava mais disponível): nenhum dinheiro saiu com esta chave. “Verificar de novo” o envia agora, com a mesma chave de idempotência. Se ele foi pago de outra forma, marque como resolvido sem o ID e cite o repasse na observação.",
  "payouts.needsReview.reason": "Motivo: {reason}",
  "payouts.needsReview.since": "Aguardando desde",
  "payouts.needsReview.checkAgain": "Verificar de novo (mesma chave)",
  "payouts.needsReview.markHandled": "Marcar como resolvido",
  "payouts.needsReview.viewerNote": "Só um operador pode resolver este repasse.",
  "payouts.needsReview.stillUnknown": "Ainda sem resposta definitiva: o repasse continua aguardando revisão",
  "payouts.needsReview.confirmed": "Confirmado: o provedor tem este repasse",
  "payouts.needsReview.checkFailed": "Não foi possível verificar de novo",
  "payouts.reviewReason.resend_window_passed": "o prazo de reenvio automático acabou sem uma resposta definitiva.",
  "payouts.reviewReason.credential_unavailable": "a credencial para reenviar automaticamente não está mais disponível.",
  "payouts.reviewReason.conflicting_answer":
    "depois de um envio sem resposta, o provedor recusou um reenvio, o que não diz nada sobre o primeiro envio.",
  "payouts.reviewReason.unreadable_answer":
    "o provedor respondeu com sucesso, mas a resposta não pôde ser lida: o repasse provavelmente existe.",
  "payouts.reviewReason.shared_payout_id":
    "o ID de repasse dele também está (ou estava) registrado para outro envio; uma pessoa precisa confirmar de qual envio ele é.",
  "payouts.reviewReason.other": "não informado ({reason}).",

  "payouts.handled.explanation":
    "Uma pessoa encerrou este repasse depois de conferir com o provedor. O painel não o envia mais com esta chave.",
  "payouts.handled.by": "Resolvido por",
  "payouts.handled.at": "Resolvido em",
  "payouts.handled.note": "Nota",
  "payouts.handled.toast": "Repasse marcado como resolvido",

  "payouts.markHandled.title": "Marcar repasse como resolvido",
  "payouts.markHandled.description":
    "Use depois de conferir com o provedor o que aconteceu com este repasse. O painel deixa de tentar e registra na atividade quem o encerrou e por quê.",
  "payouts.markHandled.note": "Nota",
  "payouts.markHandled.noteHint": "O que você conferiu e o que decidiu (pelo menos 3 caracteres).",
  "payouts.markHandled.payoutId": "ID do repasse encontrado no provedor",
  "payouts.markHandled.payoutIdHint":
    "Se o repasse existe, informe o ID (po_…): o painel confere valor, tipo de chave, chave e se foi criado depois deste envio, e o registra como enviado.",
  "payouts.markHandled.submit": "Marcar como resolvido",
  "payouts.markHandled.confirmTitle": "Encerrar este repasse?",
  "payouts.markHandled.confirmDescription":
    "O painel não vai mais enviar nem verificar este repasse com esta chave. Isso não pode ser desfeito.",
  "payouts.markHandled.confirmWithId":
    "O painel vai consultar o repasse {id} no provedor e, se corresponder, registrá-lo como enviado.",
  "payouts.markHandled.confirm": "Sim, encerrar",
  "payouts.markHandled.saving": "Salvando…",
  "payouts.markHandled.discardTitle": "Descartar a nota?",
  "payouts.markHandled.discardDescription": "O que você escreveu será perdido e o repasse continua aguardando revisão.",
  "payouts.markHandled.discard": "Descartar",
  "payouts.markHandled.keepEditing": "Continuar editando",

  "payouts.unknown.reviewNote":
    "O painel não conseguiu confirmar sozinho e não vai adivinhar: este repasse agora aguarda uma pessoa. Verifique de novo com a mesma chave, ou marque como resolvido no registro.",
  "payouts.closed.heading": "Encerrado por uma pessoa",
  "payouts.closed.title": "Este repasse já foi encerrado como resolvido",
  "payouts.closed.description":
    "Uma pessoa resolveu este repasse fora do painel, então nada foi enviado agora. Se ainda for preciso pagar, inicie um novo repasse: ele terá uma nova chave.",

  "payouts.earlier.titleUnknown": "Você tem um repasse anterior nesta aba com resultado desconhecido",
  "payouts.earlier.titleSubmitted": "Você tem um repasse anterior nesta aba que foi aceito pelo provedor",
  "payouts.earlier.descriptionUnknown":
    "O dinheiro pode ou não ter saído. Veja-o ou verifique de novo com a mesma chave antes de fazer outro. Se você preencher os mesmos dados, o painel usa a mesma chave: ele nunca é pago duas vezes.",
  "payouts.earlier.descriptionSubmitted": "Veja-o antes de enviar outro repasse.",
  "payouts.earlier.view": "Ver o repasse",
  "payouts.earlier.startOther": "Fazer um repasse diferente",
} as const;

export const payoutsReviewEn = {
  "payouts.state.needsReview": "Needs review",
  "payouts.state.handled": "Handled by a person",
  "payouts.state.reviewHint": "Waits for a person: open it to resolve",

  "payouts.attention.badge.one": "{count} payout waits for review",
  "payouts.attention.badge.other": "{count} payouts wait for review",
  "payouts.attention.title": "Payouts waiting for a person",
  "payouts.attention.count.one": "{count} payout with an unknown outcome waits for review.",
  "payouts.attention.count.other": "{count} payouts with an unknown outcome wait for review.",
  "payouts.attention.description":
    "The dashboard cannot know whether the money moved and will not guess. Check again with the same key, or mark it handled after checking with the provider.",
  "payouts.attention.link": "See them in the register",
  "payouts.attention.inProgress.one": "{count} payout is still being confirmed automatically.",
  "payouts.attention.inProgress.other": "{count} payouts are still being confirmed automatically.",
  "payouts.attention.failed": "Could not count the payouts waiting for review",

  "payouts.register.stateFilter": "Filter by state",
  "payouts.register.allStates": "All states",
  "payouts.register.reviewBanner.one":
    "{count} payout waits for a person: the dashboard does not know whether the money moved and will not guess.",
  "payouts.register.reviewBanner.other":
    "{count} payouts wait for a person: the dashboard does not know whether the money moved and will not guess.",
  "payouts.register.showReview": "Show them",
  "payouts.stateFilter.attention": "Unknown outcome (all)",
  "payouts.stateFilter.needs_review": "Needs review",
  "payouts.stateFilter.in_progress": "Being resolved (sending or uncertain)",
  "payouts.stateFilter.submitted": "Accepted by the provider",
  "payouts.stateFilter.rejected": "Rejected",
  "payouts.stateFilter.handled": "Handled by a person",

  "payouts.needsReview.title": "The dashboard does not know whether money moved",
  "payouts.needsReview.explanation":
    "This payout was sent without a definite answer. The money may or may not have moved, and the dashboard will not guess: a person decides. “Check again” re-sends the same request with the same idempotency key: if the payout already exists, the provider only confirms it; it is never paid twice.",
  "payouts.needsReview.neverSentTitle": "This payout was never sent",
  "payouts.needsReview.neverSentExplanation":
    "The dashboard wrote this payout down, but no send of it started (its process stopped first, or the credential to send it was no longer available): no money moved with this key. “Check again” sends it now, with the same idempotency key. If it was paid another way, mark it handled without the id and name the payout in the note.",
  "payouts.needsReview.reason": "Reason: {reason}",
  "payouts.needsReview.since": "Waiting since",
  "payouts.needsReview.checkAgain": "Check again (same key)",
  "payouts.needsReview.markHandled": "Mark handled",
  "payouts.needsReview.viewerNote": "Only an operator can resolve this payout.",
  "payouts.needsReview.stillUnknown": "Still no definite answer: the payout keeps waiting for review",
  "payouts.needsReview.confirmed": "Confirmed: the provider has this payout",
  "payouts.needsReview.checkFailed": "Could not check again",
  "payouts.reviewReason.resend_window_passed": "the automatic re-send window closed without a definite answer.",
  "payouts.reviewReason.credential_unavailable":
    "the credential needed to re-send it automatically is no longer available.",
  "payouts.reviewReason.conflicting_answer":
    "after a send without an answer, the provider refused a re-send, which says nothing about the first send.",
  "payouts.reviewReason.unreadable_answer":
    "the provider answered with success but the answer could not be read: the payout probably exists.",
  "payouts.reviewReason.shared_payout_id":
    "its payout id is (or was) also recorded for another send; a person must confirm which send it belongs to.",
  "payouts.reviewReason.other": "not given ({reason}).",

  "payouts.handled.explanation":
    "A person closed this payout after checking with the provider. The dashboard no longer sends it with this key.",
  "payouts.handled.by": "Handled by",
  "payouts.handled.at": "Handled at",
  "payouts.handled.note": "Note",
  "payouts.handled.toast": "Payout marked handled",

  "payouts.markHandled.title": "Mark payout handled",
  "payouts.markHandled.description":
    "Use this after checking with the provider what happened to this payout. The dashboard stops trying and records in the activity who closed it and why.",
  "payouts.markHandled.note": "Note",
  "payouts.markHandled.noteHint": "What you checked and what you decided (at least 3 characters).",
  "payouts.markHandled.payoutId": "Payout id found with the API",
  "payouts.markHandled.payoutIdHint":
    "If the payout exists, enter its id (po_…): the dashboard checks amount, key type, key and that it was created after this send, and records it as submitted.",
  "payouts.markHandled.submit": "Mark handled",
  "payouts.markHandled.confirmTitle": "Close this payout?",
  "payouts.markHandled.confirmDescription":
    "The dashboard will no longer send or check this payout with this key. This cannot be undone.",
  "payouts.markHandled.confirmWithId":
    "The dashboard will look up payout {id} with the provider and, if it matches, record it as submitted.",
  "payouts.markHandled.confirm": "Yes, close it",
  "payouts.markHandled.saving": "Saving…",
  "payouts.markHandled.discardTitle": "Discard the note?",
  "payouts.markHandled.discardDescription": "What you wrote will be lost and the payout keeps waiting for review.",
  "payouts.markHandled.discard": "Discard",
  "payouts.markHandled.keepEditing": "Keep editing",

  "payouts.unknown.reviewNote":
    "The dashboard could not confirm it by itself and will not guess: this payout now waits for a person. Check again with the same key, or mark it handled in the register.",
  "payouts.closed.heading": "Closed by a person",
  "payouts.closed.title": "This payout was already closed as handled",
  "payouts.closed.description":
    "A person resolved this payout outside the dashboard, so nothing was sent now. If money still needs to be paid, start a new payout: it gets a new key.",

  "payouts.earlier.titleUnknown": "You have a payout from earlier in this tab whose outcome is unknown",
  "payouts.earlier.titleSubmitted": "You have a payout from earlier in this tab that the provider accepted",
  "payouts.earlier.descriptionUnknown":
    "The money may or may not have moved. View it or check again with the same key before making another one. If you enter the same details, the dashboard uses the same key: it is never paid twice.",
  "payouts.earlier.descriptionSubmitted": "View it before sending another payout.",
  "payouts.earlier.view": "View it",
  "payouts.earlier.startOther": "Make a different payout",
} as const satisfies Record<keyof typeof payoutsReviewPtBR, string>;
