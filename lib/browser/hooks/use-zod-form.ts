"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod/mini";

export type ZodFormOptions<TInput extends FieldValues, TOutput extends FieldValues> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  "resolver"
>;

/**
 * react-hook-form driven by a zod schema (the same schema the BFF validates
 * with). Field values are the schema's input; `handleSubmit` hands over the
 * parsed output (trimmed, normalised, transformed).
 *
 * Defaults: validate a field when it is first left (`onTouched`), then on every
 * change; focus the first invalid field on submit.
 *
 *   const form = useZodForm(payoutInputSchema, { defaultValues: { pix_key_type: "cpf", pix_key: "" } });
 *   <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.core.$ZodType<TOutput, TInput>,
  options: ZodFormOptions<TInput, TOutput> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: true,
    ...options,
    resolver: zodResolver<TInput, unknown, TOutput, z.core.$ZodType<TOutput, TInput>>(schema),
  });
}
