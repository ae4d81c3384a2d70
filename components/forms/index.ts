export { FormField, type FormFieldProps } from "./form-field";
export { MoneyInput, type MoneyInputProps } from "./money-input";
export { DocumentInput, documentError, type DocumentInputProps } from "./document-input";
export { PixKeyInput, formatPixKeyInput, pixKeyError, type PixKeyInputProps } from "./pix-key-input";
export { DateInput, type DateInputProps } from "./date-input";
export { DateTimeInput, type DateTimeInputProps } from "./date-time-input";
export { PasswordInput, type PasswordInputProps } from "./password-input";
