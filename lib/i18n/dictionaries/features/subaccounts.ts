/**
 * Messages of the subaccounts feature. Keys are prefixed "subaccounts."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const subaccountsPtBR = {
} as const;

export const subaccountsEn = {
} as const satisfies Record<keyof typeof subaccountsPtBR, string>;
