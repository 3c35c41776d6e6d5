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

// One test per screen and size, so each has the whole time budget for its axe run and
// the two workers share them out.
for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`the sign-in screen at ${label} size has no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/auth");
    await page.screenshot({ path: `screenshots/${label}-auth.png`, fullPage: true });
    await expectNoAxeViolations(page);
  });
  for (const path of SCREENS) {
    test(`${path} at ${label} size has no accessibility violations`, async ({ page }) => {
      await page.setViewportSize(size);
      await signIn(page, ADMIN, path);
      await expect(page.locator("main")).toBeVisible();
      await page.screenshot({
        path: `screenshots/${label}${path.replace(/[/?=&]+/g, "-")}.png`,
        fullPage: !path.startsWith("/calendar"),
      });
      await expectNoAxeViolations(page);
    });
  }
}
