import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { failureOutcome, useIdempotentSubmit } from "@/lib/browser/hooks/use-idempotent-submit";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { stubFetchEachTest } from "../helpers/fetch-stub";

const thingSchema = z.object({ name: z.string().trim().min(1, "required"), note: z.string() });
type Thing = z.output<typeof thingSchema>;
const createdSchema = z.object({ id: z.string() });

function envelope(data: unknown, status = 200, error: unknown = null): Response {
  return new Response(JSON.stringify({ data, error, request_id: "req_test" }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

const fetchSpy = stubFetchEachTest();

/** What the hook sent: one entry per request, with its body and idempotency key. */
function sent(): Array<{ body: unknown; key: string | null }> {
  return fetchSpy.mock.calls.map(([, init]) => ({
    body: JSON.parse(String(init?.body)),
    key: new Headers(init?.headers).get("Idempotency-Key"),
  }));
}

/** A small form wired the way the dashboard's idempotent forms are. */
function ThingForm() {
  const form = useZodForm(thingSchema, { defaultValues: { name: "", note: "" } });
  const create = useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: Thing; idempotencyKey: string }) =>
      bffFetch("/api/things", { method: "POST", body: input, idempotencyKey, schema: createdSchema }),
  });
  const [status, setStatus] = useState("");
  const submitter = useIdempotentSubmit({
    mutation: create,
    variables: (input: Thing, idempotencyKey) => ({ input, idempotencyKey }),
    fields: { setError: form.setError, knownFields: ["name", "note"] },
    onSend: () => setStatus(""),
    onSuccess: (created) => setStatus(`created ${created.id}`),
    onError: (_error, attempt) => setStatus(`failed: ${attempt.outcome}`),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={submitter.onSubmit(form.handleSubmit)}>
      <label>
        Name
        <input {...form.register("name")} aria-invalid={errors.name ? true : undefined} />
      </label>
      {errors.name ? <p role="note">{errors.name.message}</p> : null}
      <label>
        Note
        <input {...form.register("note")} />
      </label>
      <button type="submit" disabled={submitter.isPending}>
        Save
      </button>
      <output>{status}</output>
    </form>
  );
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ThingForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const name = () => screen.getByRole("textbox", { name: "Name" });
const note = () => screen.getByRole("textbox", { name: "Note" });
const save = () => screen.getByRole("button", { name: "Save" });
const status = () => screen.getByRole("status");

describe("useIdempotentSubmit", () => {
  it("a double submit sends one request, and submit is disabled while it is pending", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();
    await user.type(name(), "Lápis");
    await user.dblClick(save());
    await waitFor(() => expect(save()).toBeDisabled());
    await user.keyboard("{Enter}");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    answer(envelope({ id: "th_1" }, 201));
    await waitFor(() => expect(status()).toHaveTextContent("created th_1"));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(save()).toBeEnabled();
  });

  it("retrying after a network failure (or a 5xx) reuses the key: the outcome was unknown", async () => {
    fetchSpy
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(envelope(null, 503, { code: "upstream_unavailable", message: "down" }))
      .mockResolvedValueOnce(envelope({ id: "th_1" }, 201));
    const user = renderForm();
    await user.type(name(), "Lápis");
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("failed: unknown"));
    await user.click(save());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(status()).toHaveTextContent("failed: unknown"));
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("created th_1"));
    const keys = sent().map((request) => request.key);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBeTruthy();
    expect(new Set(keys).size).toBe(1);
  });

  it("after a success the next operation gets a new key", async () => {
    fetchSpy.mockResolvedValueOnce(envelope({ id: "th_1" }, 201)).mockResolvedValueOnce(envelope({ id: "th_2" }, 201));
    const user = renderForm();
    await user.type(name(), "Lápis");
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("created th_1"));
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("created th_2"));
    const [first, second] = sent();
    expect(first?.key).toBeTruthy();
    expect(second?.key).toBeTruthy();
    expect(second?.key).not.toBe(first?.key);
  });

  it("a 422 puts the messages on their fields, keeps what was typed, and the corrected attempt is a new operation", async () => {
    fetchSpy
      .mockResolvedValueOnce(
        envelope(null, 422, {
          code: "validation_error",
          message: "Some fields are invalid.",
          fields: { name: "name is already used" },
        }),
      )
      .mockResolvedValueOnce(envelope({ id: "th_1" }, 201));
    const user = renderForm();
    await user.type(name(), "Lápis");
    await user.type(note(), "azul");
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("failed: refused"));
    expect(screen.getByRole("note")).toHaveTextContent("name is already used");
    expect(name()).toHaveAttribute("aria-invalid", "true");
    expect(name()).toHaveValue("Lápis");
    expect(note()).toHaveValue("azul");

    await user.clear(name());
    await user.type(name(), "Caneta");
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("created th_1"));
    const [refused, accepted] = sent();
    expect(refused?.body).toEqual({ name: "Lápis", note: "azul" });
    expect(accepted?.body).toEqual({ name: "Caneta", note: "azul" });
    expect(accepted?.key).not.toBe(refused?.key);
  });

  it("invalid input sends nothing and does not hold the guard", async () => {
    fetchSpy.mockResolvedValueOnce(envelope({ id: "th_1" }, 201));
    const user = renderForm();
    await user.click(save());
    await waitFor(() => expect(screen.getByRole("note")).toHaveTextContent("required"));
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.type(name(), "Lápis");
    await user.click(save());
    await waitFor(() => expect(status()).toHaveTextContent("created th_1"));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe("failureOutcome", () => {
  const error = (status: number, code = "x") => new BffRequestError({ status, code, message: code });

  it("calls an answered 4xx a definite refusal", () => {
    expect(failureOutcome(error(422, "validation_error"))).toBe("refused");
    expect(failureOutcome(error(409, "idempotency_conflict"))).toBe("refused");
    expect(failureOutcome(error(403, "forbidden"))).toBe("refused");
  });

  it("calls no answer, a timeout, throttling, a 5xx or an unreadable 2xx unknown", () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504, 200]) expect(failureOutcome(error(status))).toBe("unknown");
    expect(failureOutcome(new Error("boom"))).toBe("unknown");
  });
});
