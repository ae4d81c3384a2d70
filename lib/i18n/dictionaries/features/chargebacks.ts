/**
 * Messages of the chargebacks feature. Keys are prefixed "chargebacks."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const chargebacksPtBR = {
} as const;

export const chargebacksEn = {
} as const satisfies Record<keyof typeof chargebacksPtBR, string>;
