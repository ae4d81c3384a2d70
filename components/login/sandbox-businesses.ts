/**
 * Demo businesses of the local sandbox (see sandbox/). Only shown on the
 * sign-in page when the server runs in sandbox mode; these credentials move no
 * real money.
 */
export interface SandboxBusiness {
  name: string;
  apiKey: string;
  accessToken: string;
  businessId: string;
}

export const SANDBOX_BUSINESSES: readonly SandboxBusiness[] = [
  { name: "Acme", apiKey: "sk_sandbox_acme", accessToken: "at_sandbox_acme", businessId: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f" },
  { name: "Beta", apiKey: "sk_sandbox_beta", accessToken: "at_sandbox_beta", businessId: "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a" },
];
