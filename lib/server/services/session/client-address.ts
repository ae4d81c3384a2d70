/** Where a sign-in (or any unauthenticated attempt) came from, for the throttle and the security log. */
export interface ClientAddress {
  address: string;
  /** "proxy": set by a proxy TRUST_PROXY vouches for; "unverified": whatever reached the app, which a client can forge. */
  source: "proxy" | "unverified";
}
