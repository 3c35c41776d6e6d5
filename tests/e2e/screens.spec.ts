// Looks at every foundation screen at tablet and phone size: saves screenshots for
// people to open (screenshots/, not committed) and checks accessibility with axe.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

const SCREENS = [
  "/calendar?view=day&date=2027-03-04",
  "/calendar?view=week&date=2027-03-04",
  "/calendar?view=month&date=2027-03-04",
  "/calendar/appointments/new?view=day&date=2027-03-04",
  "/calendar/upcoming?view=day&date=2027-03-04",
  "/settings",
  "/settings/salon",
  "/settings/staff",
  "/settings/notifications",
  "/no-such-page",
];

for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`screens at ${label} size have no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/auth");
    await page.screenshot({ path: `screenshots/${label}-auth.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await signIn(page, ADMIN);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      await page.screenshot({ path: `screenshots/${label}${path.replace(/[/?=&]+/g, "-")}.png`, fullPage: !path.startsWith("/calendar") });
      await expectNoAxeViolations(page);
    }
  });
}
