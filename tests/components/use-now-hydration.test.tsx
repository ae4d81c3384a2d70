/**
 * Time-relative text hydrates without a mismatch: the server renders with its instant, a minute turns before the
 * browser hydrates, and the browser's first render still uses the server's instant (RenderedAtProvider), then moves
 * to its own clock. Without the shared instant the same page is a hydration error, which this test also shows.
 */
import { act, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { RenderedAtProvider, useNow } from "@/lib/browser/hooks/use-now";

function Clock() {
  const now = useNow();
  return <p data-testid="clock">{new Date(now).toISOString().slice(11, 16)}</p>;
}

const SERVER_AT = Date.parse("2026-11-27T12:00:59.500Z");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** Server HTML at SERVER_AT; the browser hydrates one second later (12:01:00.5). */
async function hydrateAcrossAMinute(tree: ReactNode) {
  vi.setSystemTime(SERVER_AT);
  const html = renderToString(tree);
  vi.setSystemTime(SERVER_AT + 1_000);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.appendChild(container);
  const mismatches: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | null = null;
  await act(async () => {
    root = hydrateRoot(container, tree, { onRecoverableError: (error) => mismatches.push(error) });
  });
  const hydratedText = container.textContent;
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
  const afterMount = container.textContent;
  await act(async () => root?.unmount());
  return { html, hydratedText, afterMount, mismatches };
}

it("hydrates from the server's instant across a minute boundary, then shows the browser's time", async () => {
  const result = await hydrateAcrossAMinute(
    <RenderedAtProvider at={SERVER_AT}>
      <Clock />
    </RenderedAtProvider>,
  );
  expect(result.html).toContain("12:00");
  expect(result.mismatches).toEqual([]);
  expect(result.hydratedText).toBe("12:00");
  expect(result.afterMount).toBe("12:01");
});

it("without the server's instant the same page does not hydrate cleanly (the failure the provider prevents)", async () => {
  const result = await hydrateAcrossAMinute(<Clock />);
  expect(result.mismatches.length).toBeGreaterThan(0);
  expect(result.afterMount).toBe("12:01");
});

it("a part of the page that hydrates after the rest (its own Suspense boundary) still starts from the server's instant", async () => {
  vi.setSystemTime(SERVER_AT);
  const html = renderToString(
    <RenderedAtProvider at={SERVER_AT}>
      <Suspense fallback={null}>
        <Clock />
      </Suspense>
    </RenderedAtProvider>,
  );
  // In the browser the boundary's code arrives later: the root has hydrated (its effects ran) before it does.
  let arrive: (module: { default: ComponentType }) => void = () => undefined;
  const LateClock = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
  vi.setSystemTime(SERVER_AT + 1_000);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.appendChild(container);
  const mismatches: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | null = null;
  await act(async () => {
    root = hydrateRoot(
      container,
      <RenderedAtProvider at={SERVER_AT}>
        <Suspense fallback={null}>
          <LateClock />
        </Suspense>
      </RenderedAtProvider>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  await act(async () => {
    arrive({ default: Clock });
    await Promise.resolve();
  });
  expect(mismatches).toEqual([]);
  expect(container.textContent).toBe("12:00");
  await act(async () => {
    vi.advanceTimersByTime(1);
  });
  expect(container.textContent).toBe("12:01");
  await act(async () => root?.unmount());
});
