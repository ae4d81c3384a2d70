/**
 * A choice made before the page's scripts have run is kept once they do. The server's HTML shows the filters at
 * once; a person may pick one before React owns the page (a slow network, a busy phone). The page's script files
 * are held back here until the choice is made, then let through: the list follows the choice, as it would have
 * had the page been ready.
 */
import type { Page, Route } from "@playwright/test";
import { expect, expectPageHydrated, signInAs, signInAsOperator, test } from "./fixtures";

/** Holds every script file of the app until `release()`; the HTML itself arrives as usual. */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/_next\/static\/.*\.js(\?.*)?$/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    release: () => {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

test("a payment-link filter chosen before the scripts ran is kept, and the list follows it", async ({ page }) => {
  await signInAsOperator(page);
  const scripts = await holdScripts(page);
  await page.goto("/payment-links", { waitUntil: "commit" });
  const state = page.getByLabel("Filtrar por situação");
  await expect(state).toBeVisible();
  await state.selectOption({ label: "Desativado" });
  scripts.release();
  await expectPageHydrated(page);

  await expect(page).toHaveURL(/[?&]state=disabled/);
  await expect(state).toHaveValue("disabled");
  await expect(page.getByRole("heading", { name: "Nenhum link com esses filtros" })).toBeVisible();
});

test("a payout-register filter chosen before the scripts ran is kept", async ({ page }) => {
  await signInAs(page, "owner");
  const scripts = await holdScripts(page);
  await page.goto("/payouts", { waitUntil: "commit" });
  const state = page.getByRole("combobox", { name: "Filtrar por situação" });
  await expect(state).toBeVisible();
  await state.selectOption("needs_review");
  scripts.release();
  await expectPageHydrated(page);

  await expect(page).toHaveURL(/[?&]state=needs_review/);
  await expect(state).toHaveValue("needs_review");
});
