/**
 * Messages a route handler sends back for one field of a form (a BffError's `fields`): the browser shows each next to
 * its field, on whichever page posted the form. Every page is sent them (a root group, lib/shared/i18n/message-groups.ts),
 * so a service may answer any form with one; tests/components/page-messages.test.ts fails for a field error of the
 * server's outside a root group.
 */
export const fieldErrorsPtBR = {
  "fieldErrors.apiKeyRefused": "A API recusou esta chave. Confira e tente de novo; o link continua valendo.",
  "fieldErrors.accessTokenRefused": "A API recusou este token. Confira e tente de novo; o link continua valendo.",
  "fieldErrors.accessTokenNeedsBusinessId":
    "Um token de acesso precisa do ID da empresa (PAYMENTS_BUSINESS_ID na configuração do servidor).",
  "fieldErrors.credentialProvisioned": "A configuração do servidor já define esta credencial.",
  "fieldErrors.emailTaken": "Já existe uma conta com este e-mail.",
  "fieldErrors.require2faSelfFirst": "Ative a sua verificação em duas etapas antes de exigi-la de todos.",
  "fieldErrors.roleNotAssignable": "Seu papel não pode dar este papel.",
  "fieldErrors.alreadyMember": "Esta pessoa já é membro ativo.",
} as const;

export const fieldErrorsEn = {
  "fieldErrors.apiKeyRefused": "The API refused this key. Check it and try again; the link still works.",
  "fieldErrors.accessTokenRefused": "The API refused this token. Check it and try again; the link still works.",
  "fieldErrors.accessTokenNeedsBusinessId":
    "An access token needs the business's id (PAYMENTS_BUSINESS_ID in the server's configuration).",
  "fieldErrors.credentialProvisioned": "The server's configuration already provides this credential.",
  "fieldErrors.emailTaken": "An account with this e-mail already exists.",
  "fieldErrors.require2faSelfFirst": "Set up your own two-step verification before requiring it of everyone.",
  "fieldErrors.roleNotAssignable": "Your role cannot give this role.",
  "fieldErrors.alreadyMember": "This person is already an active member.",
} as const;
