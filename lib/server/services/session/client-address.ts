/** Where a sign-in (or a change to a person's account) came from, for the throttle and the security log. */
export interface ClientAddress {
  address: string;
  /** "proxy": set by a proxy TRUST_PROXY vouches for; "unverified": whatever reached the app, which a client can forge. */
  source: "proxy" | "unverified";
  /** The request's User-Agent, for a person's security history (null when none was sent). */
  userAgent?: string | null;
}
