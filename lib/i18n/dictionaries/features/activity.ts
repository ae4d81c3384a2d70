/**
 * Messages of the activity feature. Keys are prefixed "activity."; en must have exactly
 * the keys of pt-BR (a type error otherwise).
 */
export const activityPtBR = {
} as const;

export const activityEn = {
} as const satisfies Record<keyof typeof activityPtBR, string>;
