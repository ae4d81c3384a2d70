"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import { can, type Permission } from "@/lib/shared/auth/roles";
import { sessionQuery } from "@/lib/browser/query/session";
import type { SessionInfo } from "@/lib/shared/schemas/session";

const SessionContext = createContext<SessionInfo | null>(null);

/**
 * Makes the signed-in session (read on the server by the dashboard layout)
 * available to client components, and seeds React Query's `sessionQuery()`
 * cache with it so nothing fetches it again on load.
 */
export function SessionProvider({ session, children }: { session: SessionInfo; children: ReactNode }) {
  // Seeded from the server; refetched on focus after a minute, so an expired
  // session is noticed (bffFetch then sends the browser to /login).
  const { data } = useQuery({ ...sessionQuery(), initialData: session });
  return <SessionContext.Provider value={data ?? session}>{children}</SessionContext.Provider>;
}

/** The signed-in operator or viewer. Only inside the dashboard (the layout guarantees a session). */
export function useSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession() must be used inside the dashboard layout (SessionProvider).");
  return session;
}

/** `can(session.role, permission)` for the current session: hide what the role may not do. */
export function useCan(permission: Permission): boolean {
  const session = useContext(SessionContext);
  return session ? can(session.role, permission) : false;
}
