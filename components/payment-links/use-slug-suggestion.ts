"use client";

import { useState, type ChangeEvent } from "react";
import { slugify } from "./link-model";
import type { PaymentLinkFormApi } from "./link-form-types";

/**
 * The slug follows the name until the operator edits it; clearing it brings
 * the suggestion back. `stopSuggesting()` when the server refuses the slug.
 */
export function useSlugSuggestion(form: PaymentLinkFormApi) {
  const [slugAuto, setSlugAuto] = useState(true);
  const { isSubmitted, touchedFields } = form.formState;

  const nameField = form.register("name", {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!slugAuto) return;
      form.setValue("slug", slugify(event.target.value), {
        shouldDirty: true,
        shouldValidate: Boolean(touchedFields.slug) || isSubmitted,
      });
    },
  });
  const slugField = form.register("slug", {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      // Editing the slug stops the suggestion; clearing it brings the suggestion back.
      setSlugAuto(event.target.value.trim() === "");
    },
  });

  return { slugAuto, stopSuggesting: () => setSlugAuto(false), nameField, slugField };
}

export type SlugSuggestion = ReturnType<typeof useSlugSuggestion>;
