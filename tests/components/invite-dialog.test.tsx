import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InviteDialog } from "@/components/members/invite-dialog";
import { I18nProvider } from "@/lib/browser/i18n";
import type { InvitationCreated, InvitationEmailOutcome } from "@/lib/shared/schemas/members";
import { fail, ok, renderWithProviders, stubFetch } from "../helpers/payouts-dom";

const EMAIL = "nina@new.example";
const LINK = "/invite/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

afterEach(() => {
  vi.unstubAllGlobals();
});

function answerWith(emailed: InvitationEmailOutcome) {
  const created: InvitationCreated = {
    invitation: {
      id: "0d3c8f52-6f5e-4f55-8f43-0a7b1c2d3e4f",
      email: EMAIL,
      role: "operator",
      created_at: "2026-11-27T10:00:00.000Z",
      expires_at: "2026-11-30T10:00:00.000Z",
    },
    link: LINK,
    emailed,
  };
  return stubFetch([
    (call) => (call.method === "POST" && call.url === "/api/invitations" ? ok(created, 201) : undefined),
  ]);
}

function renderDialog(locale: "pt-BR" | "en" = "pt-BR") {
  const { user } = renderWithProviders(
    <I18nProvider locale={locale} timeZone="America/Sao_Paulo">
      <InviteDialog open onOpenChange={() => undefined} roles={["admin", "operator"]} />
    </I18nProvider>,
    { role: "owner" },
  );
  return { user, form: screen.getByRole("dialog") };
}

async function inviteNina(locale: "pt-BR" | "en" = "pt-BR") {
  const { user, form } = renderDialog(locale);
  await user.type(within(form).getByLabelText("E-mail"), EMAIL);
  await user.click(within(form).getByRole("button", { name: locale === "en" ? "Create invitation" : "Criar convite" }));
  const done = await screen.findByRole("dialog", {
    name: locale === "en" ? "Invitation created" : "Convite criado",
  });
  // The link is shown in every case, whole, to copy.
  expect(within(done).getByTestId("invite-link")).toHaveValue(`${window.location.origin}${LINK}`);
  return done;
}

describe("the invite dialog says what became of the e-mail, and shows the link in every case", () => {
  it.each([
    ["sent", `Convite enviado por e-mail para ${EMAIL}.`],
    [
      "failed",
      `Não foi possível enviar o e-mail para ${EMAIL} (ou confirmar o envio): copie o link e envie você mesmo.`,
    ],
    ["not_configured", `Copie o link e envie para ${EMAIL}.`],
  ] as const)("%s (pt-BR)", async (emailed, text) => {
    const calls = answerWith(emailed);
    const done = await inviteNina();
    expect(done).toHaveTextContent(text);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it.each([
    ["sent", `Invitation e-mailed to ${EMAIL}.`],
    [
      "failed",
      `The e-mail to ${EMAIL} could not be sent (or its sending confirmed): copy the link and send it yourself.`,
    ],
    ["not_configured", `Copy the link and send it to ${EMAIL}.`],
  ] as const)("%s (en)", async (emailed, text) => {
    answerWith(emailed);
    expect(await inviteNina("en")).toHaveTextContent(text);
  });
});

describe("the invite form checks before sending, and puts the server's refusals on their fields", () => {
  it.each([
    ["", "Campo obrigatório."],
    ["not an email", "E-mail inválido."],
    [`${"a".repeat(250)}@b.example`, "E-mail inválido."],
  ])("%j is refused next to the field, nothing sent", async (typed, message) => {
    const calls = stubFetch([]);
    const { user, form } = renderDialog();
    const email = within(form).getByLabelText("E-mail");
    // maxLength keeps a person from typing past it; a paste into a field without it is what the schema stops.
    email.removeAttribute("maxlength");
    if (typed) await user.type(email, typed);
    await user.click(within(form).getByRole("button", { name: "Criar convite" }));
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(message);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["pt-BR", "email", "fieldErrors.alreadyMember", "E-mail", "Esta pessoa já é membro ativo."],
    ["en", "email", "fieldErrors.alreadyMember", "E-mail", "This person is already an active member."],
    ["pt-BR", "role", "fieldErrors.roleNotAssignable", "Papel", "Seu papel não pode dar este papel."],
    ["en", "role", "fieldErrors.roleNotAssignable", "Role", "Your role cannot give this role."],
  ] as const)("%s: a refusal of the %s lands on it, translated", async (locale, field, key, label, message) => {
    const calls = stubFetch([
      (call) =>
        call.method === "POST" && call.url === "/api/invitations"
          ? fail(422, { code: "validation_error", message: "refused", fields: { [field]: key } })
          : undefined,
    ]);
    const { user, form } = renderDialog(locale);
    await user.type(within(form).getByLabelText("E-mail"), EMAIL);
    await user.click(
      within(form).getByRole("button", { name: locale === "en" ? "Create invitation" : "Criar convite" }),
    );
    const control = within(form).getByLabelText(label);
    await waitFor(() => expect(control).toHaveAttribute("aria-invalid", "true"));
    expect(control).toHaveAccessibleDescription(message);
    // Said once, on its field: no panel repeating it under the server's field name.
    expect(form).not.toHaveTextContent(`${field}:`);
    expect(within(form).getByLabelText("E-mail")).toHaveValue(EMAIL);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });
});
