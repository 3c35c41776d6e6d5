// Checkout on the tablet with JavaScript (decision 0119): from the appointment's dialog to
// the receipt, with a product, a tip split between two stylists and cash plus card with
// change, the totals following the typing; the Paid marker on every tablet; who may not.
import { expect, test } from "@playwright/test";
import { DISPLAY, STYLIST } from "./accounts";
import { calendarSetup, column, scrollToTime } from "./calendar-fixtures";
import { bookFor, clientOfOwn, productForSale } from "./checkout-helpers";
import { signIn, TABLET, waitForModal } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";

const setup = calendarSetup();
// Many steps, each a round trip, and axe at two sizes on a shared machine.
test.setTimeout(180_000);
const DAY = "2033-01-10";

test("an appointment checked out with a product, a split tip, cash and card with change", async ({ page, browser }) => {
  const client = await clientOfOwn(setup, "Checkout Client");
  const appointment = await bookFor(setup, client.id, "Sofia Stylist", DAY, "10:00");
  const serum = await productForSale(setup, "Checkout Serum", 1500, 7);

  // A wall screen on the same day, open before the sale: it shows "Paid" live.
  const wall = await browser.newPage({ viewport: TABLET });
  await signIn(wall, DISPLAY, `/calendar?view=day&date=${DAY}`);
  const wallBlock = column(wall, "Sofia Stylist").getByTestId(`appointment-${appointment.id}`);
  await expect(wallBlock).toContainText(client.name);
  await expect(wallBlock.getByTestId("paid-mark")).toHaveCount(0);

  await page.setViewportSize(TABLET);
  await signIn(page, { email: "admin@e2e.test", password: "admin-pass-1" }, `/calendar?view=day&date=${DAY}`);
  await scrollToTime(page, "10:00");
  const block = column(page, "Sofia Stylist").getByTestId(`appointment-${appointment.id}`);
  await block.scrollIntoViewIfNeeded();
  await block.click();
  await waitForModal(page);
  await page.getByRole("dialog").getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?appointment=${appointment.id}`));
  await expect(page.getByTestId("checkout-title")).toContainText(`${client.name}, Cut & Finish with Sofia Stylist`);

  await page.getByLabel("Find a product").fill(serum.name);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("button", { name: `Add ${serum.name}, £15.00, 7 in stock` }).click();
  await expect(page.getByTestId("checkout-line")).toHaveCount(2);
  await expect(page.getByTestId("total")).toHaveText("£60.00");

  await page.getByLabel("Stylist to tip").selectOption({ label: "Theo Trimmer" });
  await page.getByRole("button", { name: "Add to tip" }).click();
  // The second stylist's row is there before the tip is split between them.
  await expect(page.getByRole("textbox", { name: "Tip for Theo Trimmer", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "10%" }).click();
  await expect(page.getByRole("textbox", { name: "Tip for Sofia Stylist", exact: true })).toHaveValue("3.00");
  await expect(page.getByRole("textbox", { name: "Tip for Theo Trimmer", exact: true })).toHaveValue("3.00");
  await expect(page.getByTestId("tips-total")).toHaveText("£6.00");

  await page.getByRole("button", { name: "Add a card payment" }).click();
  await expect(page.getByRole("textbox", { name: "Card payment 1", exact: true })).toHaveValue("66.00");
  // As typed: the card takes £50, the rest is cash, £20 handed over.
  await page.getByRole("textbox", { name: "Card payment 1", exact: true }).fill("50");
  await expect(page.getByTestId("to-pay")).toHaveText("£16.00");
  await page.getByRole("button", { name: "Add a cash payment" }).click();
  await page.getByRole("textbox", { name: "Cash payment 2", exact: true }).fill("20");
  await expect(page.getByTestId("change-due")).toHaveText("£4.00");
  // A usual sale fits the tablet without scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(TABLET.height);
  await screenshotBothSizes(page, "checkout", async () => {
    await expect(page.getByTestId("change-due")).toBeVisible();
  });

  await page.getByRole("button", { name: "Take payment" }).click();
  await expect(page).toHaveURL(/\/sales\/\d+\/receipt$/);

  await expect(wallBlock.getByTestId("paid-mark")).toBeVisible();
  await expect(wallBlock).toContainText("Paid");
  await wall.close();

  await page.goto(`/calendar?view=day&date=${DAY}`);
  await expect(block.getByTestId("paid-mark")).toBeVisible();
  await scrollToTime(page, "10:00");
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "screenshots/tablet-calendar-paid-marker.png" });
  await block.click();
  await waitForModal(page);
  await expect(page.getByRole("dialog").getByRole("link", { name: "Receipt" })).toHaveAttribute(
    "href",
    /^\/sales\/\d+\/receipt$/,
  );
  await expect(page.getByRole("dialog").getByRole("link", { name: "Checkout", exact: true })).toHaveCount(0);
});

test("a new sale from the menu: a service and a product paid by card", async ({ page }) => {
  const balm = await productForSale(setup, "Checkout Balm", 900, 3);
  await page.setViewportSize(TABLET);
  await signIn(page, { email: "admin@e2e.test", password: "admin-pass-1" }, "/calendar");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByTestId("checkout-title")).toHaveText("New sale");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Fringe Trim (£8.00)" });
  await page.getByLabel("Stylist of the service").selectOption({ label: "Theo Trimmer" });
  await page.getByRole("button", { name: "Add service" }).click();
  // The step re-renders the screen: search once the service's line is there.
  await expect(page.getByRole("button", { name: "Remove Fringe Trim (line 1)" })).toBeVisible();
  await page.getByLabel("Find a product").fill(balm.name);
  await page.getByLabel("Find a product").press("Enter");
  await page.getByRole("button", { name: new RegExp(`^Add ${balm.name}`) }).click();
  await expect(page.getByTestId("total")).toHaveText("£17.00");
  await page.getByRole("button", { name: "Add a card payment" }).click();
  await page.getByRole("button", { name: "Take payment" }).click();
  await expect(page).toHaveURL(/\/sales\/\d+\/receipt$/);
});

test("a display account cannot reach checkout, nor sees it in the menu", async ({ page }) => {
  await signIn(page, DISPLAY, "/calendar");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Checkout" })).toHaveCount(0);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("a stylist checks out their own appointment, never a colleague's", async ({ page }) => {
  const client = await clientOfOwn(setup, "Checkout Colleague Client");
  const theirs = await bookFor(setup, client.id, "Theo Trimmer", DAY, "14:00");
  const other = await clientOfOwn(setup, "Checkout Own Client");
  const own = await bookFor(setup, other.id, "Sofia Stylist", DAY, "15:00");
  await signIn(page, STYLIST, `/checkout?appointment=${theirs.id}`);
  await expect(page.getByTestId("checkout-title")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Take payment" })).toHaveCount(0);

  await page.goto(`/calendar?view=day&date=${DAY}`);
  await scrollToTime(page, "15:00");
  const block = column(page, "Sofia Stylist").getByTestId(`appointment-${own.id}`);
  await block.scrollIntoViewIfNeeded();
  await block.click();
  await waitForModal(page);
  await page.getByRole("dialog").getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page.getByTestId("checkout-title")).toContainText(other.name);
  // Only the stylist themself to choose: no stylist menus.
  await expect(page.getByLabel("Stylist to tip")).toHaveCount(0);
});
