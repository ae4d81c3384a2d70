/**
 * Messages of the payouts feature. Keys are prefixed "payouts."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const payoutsPtBR = {
} as const;

export const payoutsEn = {
} as const satisfies Record<keyof typeof payoutsPtBR, string>;
