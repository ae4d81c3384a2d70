/**
 * What each error code the dashboard knows means, for the error panels: one
 * message per code of the catalogue (lib/shared/errors/catalogue.ts) and per code
 * the browser makes up, in both languages; a code without one is a type error.
 */
import type { KnownErrorCode } from "@/lib/shared/errors/catalogue";

type ErrorCodeMessages = Record<`errors.${KnownErrorCode}`, string>;

export const errorCodesPtBR = {
  "errors.invalid_json": "O corpo da requisição não é um JSON válido.",
  "errors.invalid_encoding": "O corpo da requisição não está em UTF-8 válido.",
  "errors.invalid_content_length": "O cabeçalho Content-Length da requisição é inválido.",
  "errors.malformed_path": "O endereço da requisição é inválido.",
  "errors.payload_too_large": "A requisição é grande demais.",
  "errors.unsupported_media_type": "Formato de requisição não aceito.",
  "errors.validation_error": "Alguns campos precisam de correção.",
  "errors.idempotency_key_required": "Falta a chave de idempotência desta operação.",
  "errors.unauthenticated": "Sua sessão terminou. Entre novamente.",
  "errors.invalid_credentials": "Credencial recusada pela API.",
  "errors.invalid_login": "E-mail ou senha incorretos.",
  "errors.invalid_code": "Código incorreto.",
  "errors.sign_in_challenge_expired": "A entrada demorou demais ou já foi usada. Informe e-mail e senha de novo.",
  "errors.credential_rejected":
    "A API de pagamentos recusou a chave de API da empresa. Um proprietário precisa cadastrar uma nova em Configurações.",
  "errors.forbidden": "Seu acesso não permite esta operação.",
  "errors.csrf_rejected": "Requisição bloqueada por segurança. Recarregue a página.",
  "errors.credential_not_allowed": "Este painel não está configurado para esta chave de API.",
  "errors.credential_refused": "A API recusou esta credencial; nada foi guardado.",
  "errors.credential_provisioned":
    "Esta credencial é definida na configuração do servidor; a guardada aqui não seria usada.",
  "errors.two_factor_required":
    "Este espaço de trabalho exige verificação em duas etapas. Ative-a na sua conta para continuar.",
  "errors.wrong_password": "A senha atual está incorreta.",
  "errors.two_factor_already_enabled": "A verificação em duas etapas já está ativa. Recarregue a página.",
  "errors.two_factor_not_enabled": "A verificação em duas etapas não está ativa. Recarregue a página.",
  "errors.two_factor_setup_expired": "A configuração expirou ou não foi iniciada. Comece de novo.",
  "errors.two_factor_required_by_workspace":
    "Um espaço de trabalho seu exige verificação em duas etapas: ela não pode ser desativada.",
  "errors.workspace_credential_missing":
    "Este espaço de trabalho ainda não tem chave de API. Peça ao proprietário para informá-la em Configurações.",
  "errors.setup_link_invalid":
    "Este link de configuração não é válido. Peça um novo a quem administra o servidor (npm run setup-link).",
  "errors.setup_link_expired":
    "Este link de configuração já foi usado ou expirou. Peça um novo a quem administra o servidor (npm run setup-link).",
  "errors.setup_complete": "Este painel já tem um proprietário. Entre com seu e-mail e senha.",
  "errors.setup_not_needed": "No modo sandbox a configuração não é necessária: use as pessoas de demonstração.",
  "errors.sign_in_throttled": "Tentativas de entrada demais. Aguarde antes de tentar de novo.",
  "errors.idempotency_conflict": "Esta chave de idempotência já foi usada para outra operação. Comece de novo.",
  "errors.payout_in_progress":
    "Este repasse está sendo enviado agora. Verifique de novo em instantes, com a mesma chave.",
  "errors.payout_handled": "Este repasse foi encerrado por uma pessoa como resolvido.",
  "errors.payout_not_reviewable": "O resultado deste repasse já é conhecido. Recarregue para ver.",
  "errors.payout_already_recorded": "Esse repasse já está registrado para outro envio.",
  "errors.payout_mismatch":
    "Esse repasse não pode ser este (valor, tipo de chave, chave ou data de criação diferentes). Confira o ID.",
  "errors.payout_rejected": "A API de pagamentos recusou este repasse; nada foi enviado.",
  "errors.payout_not_found": "Nenhum repasse com esta chave de idempotência no registro.",
  "errors.batch_not_found": "Lote de repasses não encontrado.",
  "errors.batch_state_conflict": "O estado atual deste lote não permite esta ação. Recarregue para ver.",
  "errors.export_too_large": "Linhas demais para um arquivo. Estreite os filtros e exporte de novo.",
  "errors.subaccount_unknown": "Esta subconta ainda não foi vista por este painel.",
  "errors.subaccount_change_in_progress":
    "Outra alteração desta subconta está em andamento. Tente de novo em instantes.",
  "errors.role_not_assignable": "Seu papel não pode dar este papel (só um proprietário cria proprietários).",
  "errors.member_self_change":
    "Você não pode mudar o próprio papel, se desativar nem redefinir a própria verificação aqui.",
  "errors.member_owner_protected": "Só um proprietário pode alterar outro proprietário.",
  "errors.invitation_email_mismatch": "Este convite é para outro e-mail. Entre com a conta do e-mail convidado.",
  "errors.member_not_found": "Nenhum membro com este ID neste espaço de trabalho.",
  "errors.last_owner": "O espaço de trabalho precisa manter ao menos um proprietário ativo.",
  "errors.already_member": "Esta pessoa já é membro ativo deste espaço de trabalho.",
  "errors.account_exists": "Já existe uma conta com este e-mail: informe a senha dela para aceitar.",
  "errors.invitation_not_found": "Convite não encontrado. Confira o link ou peça um novo.",
  "errors.invitation_used": "Este convite já foi usado. Entre com sua conta.",
  "errors.invitation_expired": "Este convite expirou. Peça um novo a quem convidou você.",
  "errors.invitation_revoked": "Este convite foi cancelado. Peça um novo a quem convidou você.",
  "errors.not_found": "Não encontrado.",
  "errors.slug_taken": "Este endereço já está em uso.",
  "errors.upstream_unavailable": "A API de pagamentos está indisponível no momento.",
  "errors.upstream_invalid_response": "A API de pagamentos respondeu algo ilegível.",
  "errors.upstream_timeout": "A API de pagamentos não respondeu a tempo.",
  "errors.payout_outcome_unknown":
    "O repasse foi enviado, mas a resposta não chegou. Ele pode ter sido criado: verifique antes de tentar de novo.",
  "errors.ledger_write_failed":
    "A alteração foi feita, mas o painel não conseguiu registrá-la: o que ele mostra pode estar desatualizado.",
  "errors.internal_error": "Erro inesperado no painel.",
  "errors.not_ready": "Esta instância do painel ainda não está pronta.",
  "errors.network_error": "Sem conexão com o servidor. Verifique sua internet e tente de novo.",
  "errors.invalid_response": "Resposta inesperada do servidor.",
  "errors.http_error": "O servidor respondeu com erro.",
} as const satisfies ErrorCodeMessages;

export const errorCodesEn = {
  "errors.invalid_json": "The request body is not valid JSON.",
  "errors.invalid_encoding": "The request body is not valid UTF-8.",
  "errors.invalid_content_length": "The request's Content-Length header is not valid.",
  "errors.malformed_path": "The request address is not valid.",
  "errors.payload_too_large": "The request is too large.",
  "errors.unsupported_media_type": "Request format not accepted.",
  "errors.validation_error": "Some fields need to be corrected.",
  "errors.idempotency_key_required": "This operation is missing its idempotency key.",
  "errors.unauthenticated": "Your session has ended. Please sign in again.",
  "errors.invalid_credentials": "The API refused this credential.",
  "errors.invalid_login": "E-mail or password is wrong.",
  "errors.invalid_code": "The code is wrong.",
  "errors.sign_in_challenge_expired":
    "The sign-in took too long or was already used. Enter your e-mail and password again.",
  "errors.credential_rejected":
    "The payments API refused the workspace's API key. An owner must store a new one in Settings.",
  "errors.forbidden": "Your access does not allow this operation.",
  "errors.csrf_rejected": "Request blocked for security reasons. Reload the page.",
  "errors.credential_not_allowed": "This dashboard is not set up for this API key.",
  "errors.credential_refused": "The API refused this credential; nothing was stored.",
  "errors.credential_provisioned":
    "This credential is set in the server's configuration; one stored here would not be used.",
  "errors.two_factor_required": "This workspace requires two-step verification. Turn it on in your account to go on.",
  "errors.wrong_password": "The current password is wrong.",
  "errors.two_factor_already_enabled": "Two-step verification is already on. Reload the page.",
  "errors.two_factor_not_enabled": "Two-step verification is not on. Reload the page.",
  "errors.two_factor_setup_expired": "The setup expired or was not started. Start again.",
  "errors.two_factor_required_by_workspace":
    "A workspace of yours requires two-step verification: it cannot be turned off.",
  "errors.workspace_credential_missing": "This workspace has no API key yet. Ask its owner to enter it in Settings.",
  "errors.setup_link_invalid":
    "This setup link is not valid. Ask whoever runs the server for a new one (npm run setup-link).",
  "errors.setup_link_expired":
    "This setup link was already used or has expired. Ask whoever runs the server for a new one (npm run setup-link).",
  "errors.setup_complete": "This dashboard already has an owner. Sign in with your e-mail and password.",
  "errors.setup_not_needed": "In sandbox mode no setup is needed: use the demo people.",
  "errors.sign_in_throttled": "Too many sign-in attempts. Wait before trying again.",
  "errors.idempotency_conflict": "This idempotency key was already used for another operation. Start again.",
  "errors.payout_in_progress": "This payout is being sent right now. Check again in a moment, with the same key.",
  "errors.payout_handled": "This payout was closed by a person as handled.",
  "errors.payout_not_reviewable": "This payout's outcome is already known. Reload to see it.",
  "errors.payout_already_recorded": "That payout is already recorded for another send.",
  "errors.payout_mismatch":
    "That payout cannot be this one (amount, key type, key or creation time differ). Check the id.",
  "errors.payout_rejected": "The payments API refused this payout; nothing was sent.",
  "errors.payout_not_found": "No payout with this idempotency key in the register.",
  "errors.batch_not_found": "Payout batch not found.",
  "errors.batch_state_conflict": "This batch's current state does not allow this action. Reload to see it.",
  "errors.export_too_large": "Too many rows for one file. Narrow the filters and export again.",
  "errors.subaccount_unknown": "This dashboard has not seen this subaccount yet.",
  "errors.subaccount_change_in_progress": "Another change of this subaccount is in progress. Try again in a moment.",
  "errors.role_not_assignable": "Your role cannot give this role (only an owner makes owners).",
  "errors.member_self_change":
    "You cannot change your own role, deactivate yourself or reset your own verification here.",
  "errors.member_owner_protected": "Only an owner can change another owner.",
  "errors.invitation_email_mismatch": "This invitation is for another e-mail. Use the invited e-mail's account.",
  "errors.member_not_found": "No member with this id in this workspace.",
  "errors.last_owner": "The workspace must keep at least one active owner.",
  "errors.already_member": "This person is already an active member of this workspace.",
  "errors.account_exists": "An account with this e-mail exists: enter its password to accept.",
  "errors.invitation_not_found": "Invitation not found. Check the link or ask for a new one.",
  "errors.invitation_used": "This invitation was already used. Sign in with your account.",
  "errors.invitation_expired": "This invitation has expired. Ask whoever invited you for a new one.",
  "errors.invitation_revoked": "This invitation was revoked. Ask whoever invited you for a new one.",
  "errors.not_found": "Not found.",
  "errors.slug_taken": "This address is already taken.",
  "errors.upstream_unavailable": "The payments API is unavailable right now.",
  "errors.upstream_invalid_response": "The payments API sent an unreadable answer.",
  "errors.upstream_timeout": "The payments API did not answer in time.",
  "errors.payout_outcome_unknown":
    "The payout was sent but no answer came back. It may have been created: check before trying again.",
  "errors.ledger_write_failed":
    "The change was made, but the dashboard could not record it: what it shows may be out of date.",
  "errors.internal_error": "Unexpected error in the dashboard.",
  "errors.not_ready": "This dashboard instance is not ready yet.",
  "errors.network_error": "Cannot reach the server. Check your connection and try again.",
  "errors.invalid_response": "Unexpected response from the server.",
  "errors.http_error": "The server answered with an error.",
} as const satisfies ErrorCodeMessages;
