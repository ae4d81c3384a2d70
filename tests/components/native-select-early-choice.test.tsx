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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

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

interface HydrateOptions {
  /** What a person does to the select, as they would before the script runs (default: nothing). */
  choose?: (select: HTMLSelectElement) => void;
  /**
   * "before" (default): the person acts on the server's HTML, then React hydrates. "while-listening": React has
   * started hydrating (it listens for events) but not reached the select, so the change itself makes it hydrate.
   */
  when?: "before" | "while-listening";
  /** The filter alone (default) or inside a page that renders again right after mounting. */
  page?: typeof StateFilter;
}

/** Server HTML in the page; the person's choice at the moment asked; then React hydrates and settles. */
async function hydrate(
  initial: string,
  { choose = () => undefined, when = "before", page: Page = StateFilter }: HydrateOptions = {},
) {
  const onChoice = vi.fn<(value: string) => void>();
  const tree = <Page initial={initial} onChoice={onChoice} />;
  const container = document.createElement("div");
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  const select = container.querySelector("select") as HTMLSelectElement;
  const errors: unknown[] = [];
  if (when === "before") {
    choose(select);
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
  } else {
    hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    choose(select);
  }
  await settle();
  return { select, onChoice, errors };
}

const chooseDisabled = (select: HTMLSelectElement) => {
  select.value = "disabled";
};

it("keeps a choice made before hydration: onChange gets it, and the select still shows it", async () => {
  const { select, onChoice, errors } = await hydrate("active", { choose: chooseDisabled });
  expect(errors).toEqual([]);
  expect(onChoice).toHaveBeenCalledTimes(1);
  expect(onChoice).toHaveBeenCalledWith("disabled");
  expect(select.value).toBe("disabled");
});

it("does nothing when nobody chose before hydration", async () => {
  const { select, onChoice } = await hydrate("active");
  expect(onChoice).not.toHaveBeenCalled();
  expect(select.value).toBe("active");
});

it("does nothing when the state's value is not among the options (the select shows its first one)", async () => {
  const { onChoice } = await hydrate("archived");
  expect(onChoice).not.toHaveBeenCalled();
});

it("hands on a choice once when the choice itself is what makes React hydrate the select (React replays it)", async () => {
  const { select, onChoice } = await hydrate("active", {
    when: "while-listening",
    choose: (node) => {
      node.value = "disabled";
      node.dispatchEvent(new Event("change", { bubbles: true }));
    },
  });
  expect(onChoice.mock.calls).toEqual([["disabled"]]);
  expect(select.value).toBe("disabled");
});

it("keeps the choice when the page renders again before it is handed on (a re-render puts the state's option back)", async () => {
  const { select, onChoice } = await hydrate("active", { page: BusyPage, choose: chooseDisabled });
  expect(onChoice.mock.calls).toEqual([["disabled"]]);
  expect(select.value).toBe("disabled");
});
