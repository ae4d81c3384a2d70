"use client";

import { isServer, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "./client";

let browserClient: QueryClient | undefined;

/** One client per server render; one for the whole life of the browser tab. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? getQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
