import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { SessionProvider } from "@/components/providers/session-provider";
import { NotAllowed } from "@/components/shell/not-allowed";
import { session } from "../helpers/payouts-dom";

function renderAs(role: "operator" | "viewer", element: ReactElement) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider session={session(role)}>{element}</SessionProvider>
    </QueryClientProvider>,
  );
}

describe("NotAllowed (every role-restricted page)", () => {
  it("keeps the page's title, says the access does not include it, and links to the role's home", () => {
    renderAs("viewer", <NotAllowed page="nav.subaccounts" />);
    expect(screen.getByRole("heading", { level: 1, name: "Subcontas" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Seu acesso não inclui esta página" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/payouts");
  });

  it("says why in the page's own words when the page has them", () => {
    renderAs(
      "viewer",
      <NotAllowed
        page="nav.activity"
        title="activity.notAllowed.title"
        description="activity.notAllowed.description"
      />,
    );
    expect(
      screen.getByRole("heading", { level: 2, name: "O registro de atividade é só para operadores" }),
    ).toBeInTheDocument();
  });

  it("links an operator's home to the overview", () => {
    renderAs("operator", <NotAllowed page="nav.activity" />);
    expect(screen.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/");
  });
});
