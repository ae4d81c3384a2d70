/**
 * Messages of the payment-links feature. Keys are prefixed "paymentLinks."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const paymentLinksPtBR = {
} as const;

export const paymentLinksEn = {
} as const satisfies Record<keyof typeof paymentLinksPtBR, string>;
