/**
 * Messages of the overview feature. Keys are prefixed "overview."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const overviewPtBR = {
} as const;

export const overviewEn = {
} as const satisfies Record<keyof typeof overviewPtBR, string>;
