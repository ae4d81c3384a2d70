/**
 * The one way DOM tests render a component: inside a fresh React Query client
 * (no retries) and, when a role is given, a signed-in session.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { SessionProvider } from "@/components/providers/session-provider";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { session } from "./payouts-dom";

export function newQueryClient(options: { staleTime?: number } = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, ...options }, mutations: { retry: false } } });
}

/** Renders `ui` inside React Query and (when a role is given) the signed-in session; returns a user-event driver too. */
export function renderWithProviders(
  ui: ReactElement,
  options: { role?: SessionInfo["role"]; client?: QueryClient } = {},
) {
  const client = options.client ?? newQueryClient();
  const role = options.role;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {role ? <SessionProvider session={session(role)}>{children}</SessionProvider> : children}
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  return { client, user, ...render(ui, { wrapper }) };
}
