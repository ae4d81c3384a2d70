/**
 * A choice made in the server's HTML before React hydrated the select is handed to `onChange` once it has, and
 * the state follows it; a select nobody touched, or showing a value its options do not hold, changes nothing.
 */
import { act, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { NativeSelect } from "@/components/ui/native-select";

function StateFilter({ initial, onChoice }: { initial: string; onChoice: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <NativeSelect
      aria-label="Situação"
      value={value}
      onChange={(event) => {
        onChoice(event.target.value);
        setValue(event.target.value);
      }}
    >
      <option value="">Todas</option>
      <option value="active">No ar</option>
      <option value="disabled">Desativado</option>
    </NativeSelect>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
/** The filter inside a page that renders again right after mounting (its data arriving). */
function BusyPage(props: { initial: string; onChoice: (value: string) => void }) {
  const [renders, setRenders] = useState(0);
  useEffect(() => queueMicrotask(() => setRenders(1)), []);
  return (
    <div data-renders={renders}>
      <StateFilter {...props} />
    </div>
  );
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** Lets React finish and the select's check (one task after mounting) run. */
async function settle() {
  await act(async () => {
    await vi.runAllTimersAsync();
  });
}

/** Server HTML in the page; `before` acts on it as a person would before the script runs; then React hydrates. */
async function hydrate(initial: string, before: (select: HTMLSelectElement) => void) {
  const onChoice = vi.fn<(value: string) => void>();
  const tree = <StateFilter initial={initial} onChoice={onChoice} />;
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  const select = container.querySelector("select") as HTMLSelectElement;
  before(select);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
  });
  await settle();
  return { select, onChoice, errors };
}

it("keeps a choice made before hydration: onChange gets it, and the select still shows it", async () => {
  const { select, onChoice, errors } = await hydrate("active", (node) => {
    node.value = "disabled";
  });
  expect(errors).toEqual([]);
  expect(onChoice).toHaveBeenCalledTimes(1);
  expect(onChoice).toHaveBeenCalledWith("disabled");
  expect(select.value).toBe("disabled");
});

it("does nothing when nobody chose before hydration", async () => {
  const { select, onChoice } = await hydrate("active", () => undefined);
  expect(onChoice).not.toHaveBeenCalled();
  expect(select.value).toBe("active");
});

it("does nothing when the state's value is not among the options (the select shows its first one)", async () => {
  const { onChoice } = await hydrate("archived", () => undefined);
  expect(onChoice).not.toHaveBeenCalled();
});

it("hands on a choice once when the choice itself is what makes React hydrate the select (React replays it)", async () => {
  const onChoice = vi.fn<(value: string) => void>();
  const tree = <StateFilter initial="active" onChoice={onChoice} />;
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  const select = container.querySelector("select") as HTMLSelectElement;
  // React listens from here on but has not hydrated the select yet: the change makes it hydrate, then replays.
  hydrateRoot(container, tree);
  select.value = "disabled";
  select.dispatchEvent(new Event("change", { bubbles: true }));
  await settle();
  expect(onChoice.mock.calls).toEqual([["disabled"]]);
  expect(select.value).toBe("disabled");
});

it("keeps the choice when the page renders again before it is handed on (a re-render puts the state's option back)", async () => {
  const onChoice = vi.fn<(value: string) => void>();
  const tree = <BusyPage initial="active" onChoice={onChoice} />;
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  const select = container.querySelector("select") as HTMLSelectElement;
  select.value = "disabled";
  await act(async () => {
    hydrateRoot(container, tree);
  });
  await settle();
  expect(onChoice.mock.calls).toEqual([["disabled"]]);
  expect(select.value).toBe("disabled");
});
