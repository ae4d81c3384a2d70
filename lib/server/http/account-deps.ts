import "server-only";
import { serverNow } from "@/lib/server/clock";
import type { AccountDeps } from "@/lib/server/services/account/deps";
import type { SessionData } from "@/lib/server/session/session";
import type { Ledger } from "@/lib/server/ledger";
import { clientAddress } from "./client-address";

/** A route's dependencies for a change to the person's own account: who, where from (address, User-Agent), when. */
export function accountDeps(ctx: { ledger: Ledger; session: SessionData; request: Request }): AccountDeps {
  return { ledger: ctx.ledger, session: ctx.session, clock: serverNow, from: clientAddress(ctx.request.headers) };
}
