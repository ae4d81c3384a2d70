import type { UseFormReturn } from "react-hook-form";
import type { CreatePaymentLinkBody, CreatePaymentLinkInput } from "@/lib/shared/schemas/payment-link";

/** The create-link form: typed values in, the API's body out. */
export type PaymentLinkFormApi = UseFormReturn<CreatePaymentLinkInput, unknown, CreatePaymentLinkBody>;

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 500;
export const SLUG_MAX = 64;
