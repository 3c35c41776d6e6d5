// Looks at every foundation screen at tablet and phone size: saves screenshots for
// people to open (screenshots/, not committed) and checks accessibility with axe.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

const SCREENS = ["/calendar", "/settings", "/settings/salon", "/settings/staff", "/settings/notifications", "/no-such-page"];

for (const [label, size] of [["tablet", TABLET], ["phone", PHONE]] as const) {
  test(`screens at ${label} size have no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/auth");
    await page.screenshot({ path: `screenshots/${label}-auth.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await signIn(page, ADMIN);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      await page.screenshot({ path: `screenshots/${label}${path.replaceAll("/", "-")}.png`, fullPage: true });
      await expectNoAxeViolations(page);
    }
  });
}
