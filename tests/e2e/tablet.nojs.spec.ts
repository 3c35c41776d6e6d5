// The tablet shell without JavaScript (decision 0073): the side panel's toggle is a form that stores the
// choice in a cookie and returns to the same calendar; the phone's stylist switcher and
// menu are plain links and a <details>.
import { PHONE, TABLET } from "./helpers";
import { DEMO_ADMIN, DEMO_DISPLAY, expect, nextTuesday, test } from "./demo-salon";

const dayPath = `/calendar?view=day&date=${nextTuesday()}`;

test("the panel toggle shows and hides the summary and the choice survives a new page", async ({
  page,
  demoLogin,
  demo,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, dayPath);
  const panel = page.getByRole("complementary", { name: "Summary" });
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Show summary" }).click();
  await expect(page).toHaveURL(new RegExp(`${dayPath.replace("?", "\\?")}$`));
  await expect(panel).toBeVisible();
  await page.goto(`${demo.server.url}/calendar?view=week`);
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Hide summary" }).click();
  await expect(panel).toBeHidden();
  await page.goto(`${demo.server.url}${dayPath}`);
  await expect(panel).toBeHidden();
});

test("a display account has no panel toggle, and its calendar region takes keyboard focus to scroll", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_DISPLAY, dayPath);
  await expect(page.getByRole("button", { name: /summary/ })).toHaveCount(0);
  const region = page.getByRole("region", { name: "Day schedule" });
  await region.focus();
  await expect(region).toBeFocused();
});

test("on a phone the stylist switcher links to each column and the menu opens as a disclosure", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(PHONE);
  await demoLogin(DEMO_ADMIN, dayPath);
  const switcher = page.getByRole("navigation", { name: "Stylists" });
  await expect(switcher.getByRole("link")).toHaveCount(5);
  await switcher.getByRole("link", { name: "Priya" }).click();
  await expect(page).toHaveURL(/#stylist-\d+$/);
  await page.getByLabel(/^Open menu/).click();
  await expect(page.getByRole("navigation", { name: /menu$/ }).getByRole("link", { name: "Clients" })).toBeVisible();
});
