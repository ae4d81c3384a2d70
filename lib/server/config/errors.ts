/** A setting is missing or malformed: the message names the variable and what to set, never its value. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The tenancy settings (PAYMENTS_BUSINESS_ID, PAYMENTS_API_KEY_SHA256, …) do not fit together. */
export class TenancyConfigError extends ConfigError {
  override name = "TenancyConfigError";
}
