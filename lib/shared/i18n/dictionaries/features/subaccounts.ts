/**
 * Messages of the subaccounts feature. Keys are prefixed "subaccounts."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const subaccountsPtBR = {
  "subaccounts.title": "Subcontas",
  "subaccounts.description": "Subcontas alteradas por este painel: dados, limites e bloqueio.",
  "subaccounts.noName": "Sem nome",
  "subaccounts.changedBy": "por {name}",
  "subaccounts.saving": "Salvando…",

  "subaccounts.status.active": "Ativa",
  "subaccounts.status.blocked": "Bloqueada",
  "subaccounts.status.unknown": "Estado desconhecido",
  "subaccounts.value.unknown": "desconhecido",

  "subaccounts.field.name": "Nome",
  "subaccounts.field.email": "E-mail",
  "subaccounts.field.document": "CPF ou CNPJ",
  "subaccounts.field.dailyLimit": "Limite diário",
  "subaccounts.field.monthlyLimit": "Limite mensal",
  "subaccounts.field.status": "Situação",
  "subaccounts.field.externalReference": "Referência externa",
  "subaccounts.field.lastChange": "Última alteração",

  "subaccounts.openById.title": "Abrir subconta por ID",
  "subaccounts.openById.description":
    "A API não lista subcontas: para ver, editar ou bloquear uma que ainda não está na lista, informe o ID dela.",
  "subaccounts.openById.label": "ID da subconta",
  "subaccounts.openById.placeholder": "ex.: sa_123abc",
  "subaccounts.openById.submit": "Abrir",

  "subaccounts.list.title": "Subcontas conhecidas",
  "subaccounts.list.searchPlaceholder": "Nome, e-mail, documento ou ID",
  "subaccounts.list.contact": "E-mail e documento",
  "subaccounts.list.statusFilter": "Filtrar por situação",
  "subaccounts.list.statusAll": "Todas as situações",
  "subaccounts.list.statusActive": "Ativas",
  "subaccounts.list.statusBlocked": "Bloqueadas",
  "subaccounts.list.rowLabel": "Subconta {name} ({id}), {status}",
  "subaccounts.list.noneWithFilter": "Nenhuma subconta nesta situação",
  "subaccounts.list.noneWithFilterHint": "Limpe os filtros para ver todas as subcontas conhecidas.",

  "subaccounts.empty.title": "Nenhuma subconta alterada por este painel ainda",
  "subaccounts.empty.description":
    "A API de pagamentos não lista nem consulta subcontas, então esta lista mostra só as que já foram editadas, bloqueadas ou desbloqueadas por aqui. Para começar, abra uma subconta pelo ID.",
  "subaccounts.empty.action": "Abrir por ID",

  "subaccounts.detail.titleUnknown": "Subconta {id}",
  "subaccounts.detail.id": "ID da subconta",
  "subaccounts.detail.current": "Estado atual",
  "subaccounts.detail.currentHint": "Como a API devolveu na última alteração feita por este painel.",

  "subaccounts.unknown.title": "Este painel não tem registro desta subconta",
  "subaccounts.unknown.why":
    "A API de pagamentos permite alterar e bloquear subcontas, mas não consultá-las. Por isso, os dados atuais só aparecem aqui depois da primeira alteração feita por este painel.",
  "subaccounts.unknown.what":
    "Se o ID estiver certo, ela pode existir mesmo assim (criada ou alterada fora deste painel): você pode alterá-la, preenchendo só os campos que quer mudar, ou bloqueá-la ou desbloqueá-la. A resposta da API passa a ser o estado conhecido.",
  "subaccounts.unknown.checkId": "Confira o ID: se ele não existir nesta empresa, a API recusará a alteração.",
  "subaccounts.unknown.proceed": "Alterar esta subconta mesmo assim",
  "subaccounts.unknown.openAnother": "Abrir outro ID",

  "subaccounts.edit.title": "Editar subconta",
  "subaccounts.edit.hintKnown": "Só os campos alterados são enviados. Campos deixados em branco ficam como estão.",
  "subaccounts.edit.hintUnknown":
    "Preencha só o que quer mudar: campos em branco não são enviados e continuam como estão na API.",
  "subaccounts.edit.documentHint": "CPF (11 dígitos) ou CNPJ (14 caracteres, inclusive o CNPJ alfanumérico).",
  "subaccounts.edit.changeCount.one": "{count} campo alterado",
  "subaccounts.edit.changeCount.other": "{count} campos alterados",
  "subaccounts.edit.noChanges": "Nenhuma alteração",
  "subaccounts.edit.discard": "Descartar alterações",
  "subaccounts.edit.review": "Revisar e salvar",
  "subaccounts.edit.saved": "Subconta {name} atualizada",
  "subaccounts.edit.failed": "Não foi possível salvar a subconta",
  "subaccounts.edit.waitingForState":
    "A edição fica disponível quando o estado conhecido da subconta carregar: use “Tentar novamente” em Estado atual.",

  "subaccounts.confirm.title": "Confirmar alterações",
  "subaccounts.confirm.description":
    "Confira o que muda na subconta {name} antes de salvar. A alteração vale imediatamente na API.",
  "subaccounts.confirm.tableLabel": "Alterações: valor atual e novo valor",
  "subaccounts.confirm.field": "Campo",
  "subaccounts.confirm.change": "Atual → novo",
  "subaccounts.confirm.to": "passa a ser",
  "subaccounts.confirm.unknownNote": "O valor atual é desconhecido porque este painel ainda não viu esta subconta.",
  "subaccounts.confirm.back": "Voltar e editar",
  "subaccounts.confirm.save": "Salvar alterações",
  "subaccounts.confirm.retry": "Tentar salvar de novo",

  "subaccounts.block.action": "Bloquear",
  "subaccounts.block.title": "Bloquear a subconta {name}?",
  "subaccounts.block.consequence":
    "Enquanto estiver bloqueada, a subconta não movimenta dinheiro: ela fica impedida de operar até que alguém a desbloqueie. O bloqueio vale imediatamente.",
  "subaccounts.block.unknownNote":
    "Este painel ainda não conhece o estado atual desta subconta; a resposta da API passa a ser o estado conhecido.",
  "subaccounts.block.audit": "A operação fica registrada no histórico com o seu nome.",
  "subaccounts.block.confirm": "Bloquear subconta",
  "subaccounts.block.done": "Subconta {name} bloqueada",
  "subaccounts.block.failed": "Não foi possível bloquear a subconta",
  "subaccounts.unblock.action": "Desbloquear",
  "subaccounts.blockOrUnblock.action": "Bloquear ou desbloquear…",
  "subaccounts.blockOrUnblock.title": "Bloquear ou desbloquear a subconta {name}?",
  "subaccounts.blockOrUnblock.description":
    "Este painel não sabe se ela está bloqueada agora. Escolha o que pedir à API; nada é enviado antes de você confirmar.",
  "subaccounts.blockOrUnblock.choice": "O que fazer",
  "subaccounts.blockOrUnblock.choose": "Escolha bloquear ou desbloquear",
  "subaccounts.unblock.title": "Desbloquear a subconta {name}?",
  "subaccounts.unblock.consequence": "A subconta volta a movimentar dinheiro imediatamente, dentro dos seus limites.",
  "subaccounts.unblock.limits": "Limites atuais: {daily} por dia e {monthly} por mês.",
  "subaccounts.unblock.confirm": "Desbloquear subconta",
  "subaccounts.unblock.done": "Subconta {name} desbloqueada",
  "subaccounts.unblock.failed": "Não foi possível desbloquear a subconta",
  "subaccounts.replayedOlder.update":
    "Esta alteração de {name} já tinha sido feita antes de uma mudança mais recente. A API repetiu a resposta antiga, que não muda nada aqui: os dados mostrados são os mais recentes.",
  "subaccounts.replayedOlder.blockedNow":
    "Este pedido para {name} repetiu uma alteração anterior, já substituída por uma mais recente. Nada mudou: a subconta continua bloqueada.",
  "subaccounts.replayedOlder.unblockedNow":
    "Este pedido para {name} repetiu uma alteração anterior, já substituída por uma mais recente. Nada mudou: a subconta continua desbloqueada.",

  "subaccounts.history.title": "Histórico",
  "subaccounts.history.description":
    "Cada alteração e bloqueio feitos por este painel, com quem fez e o resultado. Horários em {zone}.",
  "subaccounts.history.when": "Quando e quem",
  "subaccounts.history.who": "Quem",
  "subaccounts.history.action": "Ação e resultado",
  "subaccounts.history.changes": "Antes → depois",
  "subaccounts.history.outcome": "Resultado",
  "subaccounts.history.requestId": "ID da requisição",
  "subaccounts.history.action.update": "Alteração",
  "subaccounts.history.action.block": "Bloqueio",
  "subaccounts.history.action.unblock": "Desbloqueio",
  "subaccounts.history.outcome.success": "Concluída",
  "subaccounts.history.outcome.failure": "Falhou",
  "subaccounts.history.outcome.pending": "Sem resposta",
  "subaccounts.history.outcome.replayedOlder": "Repetição de alteração anterior; estado mantido",
  "subaccounts.history.actionFilter": "Filtrar por ação",
  "subaccounts.history.actionAll": "Todas as ações",
  "subaccounts.history.searchPlaceholder": "Pessoa, valor ou ID da requisição",
  "subaccounts.history.empty": "Nenhuma alteração registrada",
  "subaccounts.history.emptyHint":
    "Alterações e bloqueios feitos por este painel aparecem aqui, com o valor anterior e o novo.",
  "subaccounts.history.noneWithFilter": "Nenhum registro com estes filtros",
} as const;

export const subaccountsEn = {
  "subaccounts.title": "Subaccounts",
  "subaccounts.description": "Subaccounts changed through this dashboard: details, limits and blocking.",
  "subaccounts.noName": "No name",
  "subaccounts.changedBy": "by {name}",
  "subaccounts.saving": "Saving…",

  "subaccounts.status.active": "Active",
  "subaccounts.status.blocked": "Blocked",
  "subaccounts.status.unknown": "Unknown state",
  "subaccounts.value.unknown": "unknown",

  "subaccounts.field.name": "Name",
  "subaccounts.field.email": "Email",
  "subaccounts.field.document": "CPF or CNPJ",
  "subaccounts.field.dailyLimit": "Daily limit",
  "subaccounts.field.monthlyLimit": "Monthly limit",
  "subaccounts.field.status": "Status",
  "subaccounts.field.externalReference": "External reference",
  "subaccounts.field.lastChange": "Last change",

  "subaccounts.openById.title": "Open a subaccount by ID",
  "subaccounts.openById.description":
    "The API cannot list subaccounts: to view, edit or block one that is not in the list yet, enter its ID.",
  "subaccounts.openById.label": "Subaccount ID",
  "subaccounts.openById.placeholder": "e.g. sa_123abc",
  "subaccounts.openById.submit": "Open",

  "subaccounts.list.title": "Known subaccounts",
  "subaccounts.list.searchPlaceholder": "Name, email, document or ID",
  "subaccounts.list.contact": "Email and document",
  "subaccounts.list.statusFilter": "Filter by status",
  "subaccounts.list.statusAll": "All statuses",
  "subaccounts.list.statusActive": "Active",
  "subaccounts.list.statusBlocked": "Blocked",
  "subaccounts.list.rowLabel": "Subaccount {name} ({id}), {status}",
  "subaccounts.list.noneWithFilter": "No subaccounts with this status",
  "subaccounts.list.noneWithFilterHint": "Clear the filters to see every known subaccount.",

  "subaccounts.empty.title": "No subaccounts changed through this dashboard yet",
  "subaccounts.empty.description":
    "The payments API cannot list or read subaccounts, so this list only shows the ones edited, blocked or unblocked here. To start, open a subaccount by its ID.",
  "subaccounts.empty.action": "Open by ID",

  "subaccounts.detail.titleUnknown": "Subaccount {id}",
  "subaccounts.detail.id": "Subaccount ID",
  "subaccounts.detail.current": "Current state",
  "subaccounts.detail.currentHint": "As the API returned it on the last change made through this dashboard.",

  "subaccounts.unknown.title": "This dashboard has no record of this subaccount",
  "subaccounts.unknown.why":
    "The payments API can change and block subaccounts but cannot read them. So its current details only appear here after the first change made through this dashboard.",
  "subaccounts.unknown.what":
    "If the ID is right it may exist all the same (created or changed outside this dashboard): you can change it, filling in only the fields you want to change, or block or unblock it. The API's answer then becomes the known state.",
  "subaccounts.unknown.checkId": "Check the ID: if it does not exist in this business, the API will refuse the change.",
  "subaccounts.unknown.proceed": "Change this subaccount anyway",
  "subaccounts.unknown.openAnother": "Open another ID",

  "subaccounts.edit.title": "Edit subaccount",
  "subaccounts.edit.hintKnown": "Only the fields you change are sent. Fields left blank stay as they are.",
  "subaccounts.edit.hintUnknown":
    "Fill in only what you want to change: blank fields are not sent and stay as they are in the API.",
  "subaccounts.edit.documentHint": "CPF (11 digits) or CNPJ (14 characters, alphanumeric CNPJ included).",
  "subaccounts.edit.changeCount.one": "{count} field changed",
  "subaccounts.edit.changeCount.other": "{count} fields changed",
  "subaccounts.edit.noChanges": "No changes",
  "subaccounts.edit.discard": "Discard changes",
  "subaccounts.edit.review": "Review and save",
  "subaccounts.edit.saved": "Subaccount {name} updated",
  "subaccounts.edit.failed": "Could not save the subaccount",
  "subaccounts.edit.waitingForState":
    "Editing becomes available once the subaccount's known state loads: use “Try again” under Current state.",

  "subaccounts.confirm.title": "Confirm changes",
  "subaccounts.confirm.description":
    "Check what changes on subaccount {name} before saving. The change applies in the API immediately.",
  "subaccounts.confirm.tableLabel": "Changes: current value and new value",
  "subaccounts.confirm.field": "Field",
  "subaccounts.confirm.change": "Current → new",
  "subaccounts.confirm.to": "becomes",
  "subaccounts.confirm.unknownNote":
    "The current value is unknown because this dashboard has not seen this subaccount yet.",
  "subaccounts.confirm.back": "Back to editing",
  "subaccounts.confirm.save": "Save changes",
  "subaccounts.confirm.retry": "Try saving again",

  "subaccounts.block.action": "Block",
  "subaccounts.block.title": "Block subaccount {name}?",
  "subaccounts.block.consequence":
    "While it is blocked, the subaccount cannot move money: it is stopped from operating until someone unblocks it. The block applies immediately.",
  "subaccounts.block.unknownNote":
    "This dashboard does not know this subaccount's current state yet; the API's answer becomes the known state.",
  "subaccounts.block.audit": "The operation is recorded in the history under your name.",
  "subaccounts.block.confirm": "Block subaccount",
  "subaccounts.block.done": "Subaccount {name} blocked",
  "subaccounts.block.failed": "Could not block the subaccount",
  "subaccounts.unblock.action": "Unblock",
  "subaccounts.blockOrUnblock.action": "Block or unblock…",
  "subaccounts.blockOrUnblock.title": "Block or unblock subaccount {name}?",
  "subaccounts.blockOrUnblock.description":
    "This dashboard does not know whether it is blocked now. Choose what to ask the API; nothing is sent before you confirm.",
  "subaccounts.blockOrUnblock.choice": "What to do",
  "subaccounts.blockOrUnblock.choose": "Choose block or unblock",
  "subaccounts.unblock.title": "Unblock subaccount {name}?",
  "subaccounts.unblock.consequence": "The subaccount can move money again immediately, within its limits.",
  "subaccounts.unblock.limits": "Current limits: {daily} per day and {monthly} per month.",
  "subaccounts.unblock.confirm": "Unblock subaccount",
  "subaccounts.unblock.done": "Subaccount {name} unblocked",
  "subaccounts.unblock.failed": "Could not unblock the subaccount",
  "subaccounts.replayedOlder.update":
    "This change to {name} had already been made, before a newer change. The API replayed its old answer, which changes nothing here: the details shown are the newer ones.",
  "subaccounts.replayedOlder.blockedNow":
    "This request for {name} replayed an earlier change, since replaced by a newer one. Nothing changed: the subaccount is still blocked.",
  "subaccounts.replayedOlder.unblockedNow":
    "This request for {name} replayed an earlier change, since replaced by a newer one. Nothing changed: the subaccount is still unblocked.",

  "subaccounts.history.title": "History",
  "subaccounts.history.description":
    "Every change and block made through this dashboard, who made it and the outcome. Times in {zone}.",
  "subaccounts.history.when": "When and who",
  "subaccounts.history.who": "Who",
  "subaccounts.history.action": "Action and outcome",
  "subaccounts.history.changes": "Before → after",
  "subaccounts.history.outcome": "Outcome",
  "subaccounts.history.requestId": "Request ID",
  "subaccounts.history.action.update": "Update",
  "subaccounts.history.action.block": "Block",
  "subaccounts.history.action.unblock": "Unblock",
  "subaccounts.history.outcome.success": "Succeeded",
  "subaccounts.history.outcome.failure": "Failed",
  "subaccounts.history.outcome.pending": "No answer",
  "subaccounts.history.outcome.replayedOlder": "Earlier change replayed; state kept",
  "subaccounts.history.actionFilter": "Filter by action",
  "subaccounts.history.actionAll": "All actions",
  "subaccounts.history.searchPlaceholder": "Person, value or request ID",
  "subaccounts.history.empty": "No changes recorded",
  "subaccounts.history.emptyHint":
    "Changes and blocks made through this dashboard appear here, with the previous and the new value.",
  "subaccounts.history.noneWithFilter": "No entries match these filters",
} as const satisfies Record<keyof typeof subaccountsPtBR, string>;
