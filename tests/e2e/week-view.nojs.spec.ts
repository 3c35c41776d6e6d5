// The Week view without JavaScript (decision 0114): a block is a plain link to the booking's
// dialog page, and the switcher of a salon with many stylists is plain links.
import { DEMO_ADMIN, expect, nextTuesday, test, weekDrawnAtOnce } from "./demo-salon";
import { TABLET } from "./helpers";

const weekPath = `/calendar?view=week&date=${nextTuesday()}`;

// Every stylist drawn at once needs a week within the busy-week limit, whatever today is.
test.beforeEach(({ demo }) => weekDrawnAtOnce(demo.database, nextTuesday()));

test("a block opens its booking and Close returns to the week, without JavaScript", async ({ page, demoLogin }) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, weekPath);
  const week = page.getByTestId("week-view");
  await expect(week.getByRole("rowheader")).toHaveCount(5);
  const block = week.locator(".wk-list > a[aria-label]").nth(3);
  const client = (await block.textContent())!.split(" ")[2]!;
  await block.click();
  await expect(page).toHaveURL(/\/calendar\/appointments\/\d+\?view=week&date=/);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(client).first()).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/calendar\?view=week&date=/);
  await expect(week.locator(".wk-list > a").first()).toBeVisible();
});
