/**
 * The frame every form control shares (Input, Textarea, NativeSelect, the Select
 * trigger): border, card background, focus ring, and the disabled and invalid looks.
 */
export const fieldFrameClassName =
  "rounded-md border border-input bg-card text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive";
