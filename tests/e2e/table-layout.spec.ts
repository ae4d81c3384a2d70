/**
 * Every list's layout at desktop widths and on a phone. At 1280×800 and 1440×900: no header
 * is cut (its text fits its cell), no control is cut by its cell, no word people read is split
 * over two lines, the table is no wider than its container (no sideways scroll), no box around
 * the table scrolls on its own (the page does), and the header sticks under the top bar when
 * the page scrolls. At 375×812: the rows are cards (not a one-column table), every choice of
 * the cards' sort reads whole, and the document never scrolls sideways.
 */
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";

const LISTS = [
  { name: "payout register", path: "/payouts" },
  // With the long chips an insights link sets (its outcome and a period to the second).
  {
    name: "payout register, filtered from the insights",
    path: "/payouts?outcome=needs_review&since=2026-11-27T16%3A23%3A17.000Z&until=2026-11-27T17%3A23%3A17.000Z",
  },
  { name: "payment links", path: "/payment-links" },
  { name: "chargebacks", path: "/chargebacks" },
  { name: "activity", path: "/activity" },
  { name: "subaccounts", path: "/subaccounts" },
  { name: "batches", path: "/payouts/batch" },
  { name: "members", path: "/members" },
] as const;

/** Lists the sandbox's seed fills on its own (the others may still be empty in a run of this spec alone). */
const SEEDED: ReadonlySet<string> = new Set(["payment links", "chargebacks", "activity", "members"]);

/** Opens a list and waits until its first page is in (no skeleton rows, no aria-busy). */
async function openList(page: Page, path: string) {
  await page.goto(path);
  const table = page.locator("main table").first();
  await expect(table).toBeVisible();
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  return table;
}

interface DesktopLayout {
  cutHeaders: string[];
  cutAmounts: string[];
  cutControls: string[];
  splitWords: string[];
  splitIds: string[];
  tableWidth: number;
  containerWidth: number;
  documentOverflow: number;
  scrollBoxes: string[];
}

function desktopLayout(page: Page): Promise<DesktopLayout> {
  return page
    .locator("main table")
    .first()
    .evaluate((table: HTMLTableElement): DesktopLayout => {
      const cutHeaders = [...table.querySelectorAll<HTMLTableCellElement>("thead th")]
        .filter((th) => th.scrollWidth > th.clientWidth + 1)
        .map((th) => `${th.textContent ?? ""} (${th.scrollWidth} > ${th.clientWidth})`);
      // An amount or a number (right-aligned) is never cut to fit its column.
      const cutAmounts = [...table.querySelectorAll<HTMLTableCellElement>("tbody tr[data-index] td.text-right")]
        .filter((td) => td.scrollWidth > td.clientWidth + 1)
        .map((td) => `${td.textContent ?? ""} (${td.scrollWidth} > ${td.clientWidth})`);
      // A control of a row (a role select, a button) that runs past its cell is clipped by it.
      const cutControls = [...table.querySelectorAll<HTMLElement>("tbody td :is(select, button, input)")]
        .filter((control) => {
          const cell = control.closest("td")?.getBoundingClientRect();
          const box = control.getBoundingClientRect();
          return cell !== undefined && (box.right > cell.right + 1 || box.left < cell.left - 1);
        })
        .map((control) => `${control.tagName.toLowerCase()} ${control.textContent ?? ""}`);
      // A word of a text people read (not an id in monospace) split over two lines: "exampl" / "e".
      const splitWords: string[] = [];
      // An id (monospace, no space in it) over two lines: "cb_2bsrylii4ohdt" / "igc", read out to support in halves.
      // A value marked as long (a Pix key: an e-mail of up to 77 characters) wraps rather than being cut.
      const splitIds: string[] = [];
      const walker = document.createTreeWalker(table.tBodies[0] ?? table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent) continue;
        if (getComputedStyle(parent).fontFamily.includes("mono")) {
          const text = node.textContent ?? "";
          if (/^\S+$/.test(text.trim()) && !parent.closest("[data-long-value]")) {
            const range = document.createRange();
            range.selectNodeContents(node);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) splitIds.push(text.trim());
          }
          continue;
        }
        for (const match of (node.textContent ?? "").matchAll(/\p{L}+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) splitWords.push(`${match[0]} in "${node.textContent ?? ""}"`);
        }
      }
      const container = table.parentElement as HTMLElement;
      // A box between the table and the page that scrolls vertically by itself.
      const scrollBoxes: string[] = [];
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const { overflowY } = getComputedStyle(el);
        if ((overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight + 1)
          scrollBoxes.push(`${el.tagName.toLowerCase()}.${el.className}`);
      }
      const root = document.documentElement;
      return {
        cutHeaders,
        cutAmounts,
        cutControls,
        splitWords,
        splitIds,
        tableWidth: Math.round(table.getBoundingClientRect().width),
        containerWidth: container.clientWidth,
        documentOverflow: root.scrollWidth - root.clientWidth,
        scrollBoxes,
      };
    });
}

/**
 * The choices of the visible selects matching `selector` whose text would not read whole in their select (measured
 * with the select's own font; the app uses system fonts only, so the canvas resolves the same one), and how many
 * selects were measured: a check that found none has measured nothing.
 */
function cutSelectChoices(page: Page, selector: string): Promise<{ measured: number; cut: string[] }> {
  return page.evaluate((sel) => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas to measure text with");
    const selects = [...document.querySelectorAll<HTMLSelectElement>(sel)].filter((select) => select.checkVisibility());
    const cut = selects.flatMap((select) => {
      const style = getComputedStyle(select);
      const font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      context.font = font;
      // A font the canvas refused leaves its default (10px sans-serif): every width would read too small.
      if (!context.font.includes(style.fontSize)) return [`font not measurable: ${font}`];
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [...select.options]
        .map((option) => ({ text: option.text, width: context.measureText(option.text).width }))
        .filter(({ width }) => width > room)
        .map(({ text, width }) => `${text} (${Math.round(width)} > ${Math.round(room)})`);
    });
    return { measured: selects.length, cut };
  }, selector);
}

/** Figures (stat cards) whose text runs past their box: a large amount must shrink to fit, never cross into the next card. */
function cutFigures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main [data-stat-value]")]
      .filter((value) => value.scrollWidth > value.clientWidth + 1)
      .map((value) => `${value.textContent ?? ""} (${value.scrollWidth} > ${value.clientWidth})`),
  );
}

/** 200 rows of R$ 999.999,99, each to its own key: the batch review's total is R$ 199.999.998,00. */
function bigBatch(): string {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const rows = Array.from(
    { length: 200 },
    (_, i) => `Fornecedor ${i};e2e-figures-${stamp}-${i}@example.com;999.999,99;NF`,
  );
  return ["nome;chave pix;valor;descrição", ...rows].join("\r\n");
}

test.describe("table layout", () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, "owner");
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} no header is cut, nothing scrolls sideways and the page scrolls`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const list of LISTS) {
        const table = await openList(page, list.path);
        if (SEEDED.has(list.name))
          await expect
            .poll(() => table.locator("tbody tr[data-index], tbody tr[data-card-row]").count())
            .toBeGreaterThan(0);
        const layout = await desktopLayout(page);
        expect(layout.cutHeaders, `${list.name}: cut headers`).toEqual([]);
        // Measured once the widths have settled on the rows shown (they move from percentages to pixels, and again
        // as rows arrive): amounts, controls, words and the choices of a row's select (the members' role).
        await expect
          .poll(async () => {
            const settled = await desktopLayout(page);
            const choices = await cutSelectChoices(page, "main table tbody select");
            return {
              amounts: settled.cutAmounts,
              controls: settled.cutControls,
              words: settled.splitWords,
              ids: settled.splitIds,
              choices: choices.cut,
            };
          }, `${list.name}: cut amounts, controls, words, ids or choices`)
          .toEqual({ amounts: [], controls: [], words: [], ids: [], choices: [] });
        expect(layout.tableWidth, `${list.name}: table wider than its container`).toBeLessThanOrEqual(
          layout.containerWidth + 1,
        );
        expect(layout.documentOverflow, `${list.name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
        expect(layout.scrollBoxes, `${list.name}: an inner scroll box`).toEqual([]);
      }
    });
  }

  test("a figure stays inside its card however large it is, at 1280, 1440 and 375 px", async ({ page }) => {
    await page.goto("/payouts/batch/new");
    await page
      .getByLabel("Planilha de repasses (CSV ou .xlsx)")
      .setInputFiles({ name: "grandes.csv", mimeType: "text/csv", buffer: Buffer.from(bigBatch(), "utf8") });
    await page.getByRole("button", { name: "Conferir linhas" }).click();
    await page.getByRole("button", { name: "Revisar o lote" }).click();
    await expect(page.getByTestId("batch-review-total")).toHaveText("R$ 199.999.998,00");
    for (const width of [1280, 1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => cutFigures(page), `batch review at ${width} px`).toEqual([]);
    }
    for (const path of ["/insights?window=90d", "/payment-links", "/"]) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator("main [data-stat-value]").first()).toBeVisible();
        await expect.poll(() => cutFigures(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test("at 375 px no page of the app scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const pages = [
      "/",
      "/payouts",
      "/payouts/new",
      "/payouts/batch",
      "/payouts/batch/new",
      "/payment-links",
      "/payment-links/new",
      "/subaccounts",
      "/chargebacks",
      "/insights",
      "/insights/disputes",
      "/insights/payment-links",
      "/activity",
      "/members",
      "/settings",
      "/account",
      "/account/security",
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expect
        .poll(
          () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${path}: the page scrolls sideways by`,
        )
        .toBeLessThanOrEqual(0);
      // Nor does a row of tabs hide one of them off screen.
      const cutNavs = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main nav ul")]
          .filter((list) => list.scrollWidth > list.clientWidth + 1)
          .map((list) => list.closest("nav")?.getAttribute("aria-label") ?? "nav"),
      );
      expect(cutNavs, `${path}: tabs off screen`).toEqual([]);
    }
  });

  test("the header sticks under the top bar while the page scrolls (chargebacks, 30+ rows)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = await openList(page, "/chargebacks");
    await expect.poll(() => table.locator("tbody tr[data-index]").count()).toBeGreaterThan(10);
    const pageScrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
    expect(pageScrolls).toBe(true);
    const topBar = await page.locator("header").first().boundingBox();
    const topBarBottom = (topBar?.y ?? 0) + (topBar?.height ?? 0);
    // Scrolled and measured together on each try: the page may still settle (its URL state, the rows' measured
    // heights) at first, slowly under `next dev`, and move back between a scroll and a measure taken apart. A header
    // that does not stick leaves the view with the page, far from the top bar's bottom.
    await expect
      .poll(async () => {
        const scrolled = await page.evaluate(() => {
          window.scrollTo(0, 900);
          return window.scrollY;
        });
        const head = await table.locator("thead th").first().boundingBox();
        return scrolled > 300 && head ? Math.abs(head.y - topBarBottom) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(2);
  });

  test("at 375×812 every list shows cards and the document never scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const list of LISTS) {
      const table = await openList(page, list.path);
      const rows = table.locator("tbody tr[data-index], tbody tr[data-card-row]");
      if (SEEDED.has(list.name)) await expect.poll(() => rows.count(), `${list.name}: rows`).toBeGreaterThan(0);
      const layout = await table.evaluate((el: HTMLTableElement) => {
        const root = document.documentElement;
        const dataRows = [...el.querySelectorAll<HTMLTableRowElement>("tbody tr[data-index], tbody tr[data-card-row]")];
        const head = el.querySelector("thead");
        return {
          rows: dataRows.length,
          notCards: dataRows.filter((row) => getComputedStyle(row).display !== "grid").length,
          headShown: head ? getComputedStyle(head).display !== "none" : false,
          // A card spans the list's width; a one-column table row would be as narrow as its first column.
          narrowest: Math.min(...dataRows.map((row) => row.getBoundingClientRect().width), Infinity),
          listWidth: el.getBoundingClientRect().width,
          documentOverflow: root.scrollWidth - root.clientWidth,
        };
      });
      // Every choice of the cards' sort reads whole in its select ("Ordenar por: Quando e quem").
      const sortChoices = await cutSelectChoices(page, "main [data-slot=card-sort] select");
      expect(sortChoices.measured, `${list.name}: the cards' sort`).toBeGreaterThan(0);
      expect(sortChoices.cut, `${list.name}: sort choices cut`).toEqual([]);
      expect(layout.documentOverflow, `${list.name}: the document scrolls sideways`).toBeLessThanOrEqual(0);
      if (layout.rows > 0) {
        expect(layout.notCards, `${list.name}: rows that are not cards`).toBe(0);
        expect(layout.headShown, `${list.name}: a table header on a phone`).toBe(false);
        expect(layout.narrowest, `${list.name}: a card narrower than the list`).toBeGreaterThanOrEqual(
          layout.listWidth - 2,
        );
      }
    }
  });
});
