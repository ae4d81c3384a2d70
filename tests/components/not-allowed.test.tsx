import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { SessionProvider } from "@/components/providers/session-provider";
import { NotAllowed } from "@/components/shell/not-allowed";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import { session } from "../helpers/payouts-dom";

function renderAs(role: SessionInfo["role"], element: ReactElement) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider session={session(role)}>{element}</SessionProvider>
    </QueryClientProvider>,
  );
}

describe("NotAllowed (every role-restricted page)", () => {
  it("keeps the page's title, says the access does not include it, and links to the role's home", () => {
    renderAs("support", <NotAllowed page="nav.subaccounts" />);
    expect(screen.getByRole("heading", { level: 1, name: "Subcontas" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Seu acesso não inclui esta página" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/payouts");
  });

  it("says why in the page's own words when the page has them", () => {
    renderAs(
      "support",
      <NotAllowed
        page="nav.activity"
        title="activity.notAllowed.title"
        description="activity.notAllowed.description"
      />,
    );
    expect(
      screen.getByRole("heading", {
        level: 2,
        name: "O registro de atividade é para o financeiro e os administradores",
      }),
    ).toBeInTheDocument();
  });

  it.each(["owner", "admin", "operator", "finance"] as const)("links %s's home to the overview", (role) => {
    renderAs(role, <NotAllowed page="nav.subaccounts" />);
    expect(screen.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/");
  });
});
