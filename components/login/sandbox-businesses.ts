/**
 * A demo business of the local sandbox, as the sign-in page offers it. The
 * credentials come from the server (app/(auth)/login/page.tsx), only in sandbox
 * mode: none is written into the browser bundle. They move no real money.
 */
export interface SandboxBusiness {
  name: string;
  apiKey: string;
  accessToken: string;
  businessId: string;
}
