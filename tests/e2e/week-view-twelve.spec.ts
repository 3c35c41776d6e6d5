// The Week view of a 12-stylist salon (decision 0114): too many stylists to draw at once, so
// one stylist's week at a time with a switcher of full names, kept across weeks.
import { mkdirSync } from "node:fs";
import { expectNoAxeViolations, PHONE, TABLET, waitForModal } from "./helpers";
import { DEMO_ADMIN, expect, nextTuesday, test } from "./demo-salon";

test.use({ demoSeed: ["--stylists=12", "--clients=120", "--days-back=2", "--days-ahead=14"] });

const weekPath = `/calendar?view=week&date=${nextTuesday()}`;

test.beforeAll(() => mkdirSync("screenshots", { recursive: true }));

test("with 12 stylists the week shows one stylist at a time, the switcher picks another and the arrows keep it", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, weekPath);
  const week = page.getByTestId("week-view");
  const switcher = page.getByRole("navigation", { name: "Stylists" });
  await expect(switcher.getByRole("link")).toHaveCount(12);
  await expect(week.getByRole("rowheader")).toHaveCount(1);
  const current = switcher.locator("[aria-current=page]");
  await expect(current).toHaveCount(1);
  await expect(week.getByRole("rowheader")).toHaveText((await current.textContent())!);
  await page.screenshot({ path: "screenshots/week-twelve-1024x768.png" });
  await expectNoAxeViolations(page);

  const third = switcher.getByRole("link").nth(2);
  const name = (await third.textContent())!;
  await third.click();
  await expect(page).toHaveURL(/stylist=\d+/);
  await expect(week.getByRole("rowheader")).toHaveText(name);
  await expect(switcher.locator("[aria-current=page]")).toHaveText(name);

  await page.getByRole("link", { name: "Next week", exact: true }).click();
  await expect(page).toHaveURL(/stylist=\d+/);
  await expect(week.getByRole("rowheader")).toHaveText(name);

  await week.locator(".wk-list > a").first().click();
  await waitForModal(page);
  await expect(page.getByRole("dialog", { name: "Edit Appointment" })).toBeVisible();
  await expect(page.getByRole("dialog").getByText(name).first()).toBeAttached();

  await page.setViewportSize(PHONE);
  await page.goBack();
  await expect(week).toBeVisible();
  await page.screenshot({ path: "screenshots/week-twelve-390x844.png" });
  await expectNoAxeViolations(page);
});
