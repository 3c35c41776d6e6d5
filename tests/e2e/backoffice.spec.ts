// The till's back office with JavaScript (decision 0120): a sale's receipt at 80 mm and A4,
// the Takings tab (the day's takings, a cash-up and its difference, the CSV), the
// Commission tab, both refused to a stylist, and the products screen's retail fields.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { apiRequest, calendarSetup } from "./calendar-fixtures";
import { clientOfOwn, productForSale } from "./checkout-helpers";
import { PHONE, signIn, TABLET, waitForModal } from "./helpers";
import { unique } from "./services-helpers";

const setup = calendarSetup();
test.setTimeout(120_000);

/** A sale through /api: a Cut & Finish by Sofia and a product, paid in cash with change. */
async function saleByApi() {
  const client = await clientOfOwn(setup, "Backoffice Client");
  const product = await productForSale(setup, "Backoffice Shampoo Extra Long Name", 1250, 4);
  const created = await apiRequest("POST", "/api/sales", setup.token, {
    clientId: client.id,
    lines: [
      { kind: "service", serviceId: setup.services["Cut & Finish"]!, stylistId: setup.stylists["Sofia Stylist"]! },
      { kind: "product", productId: product.id, quantity: 2, stylistId: setup.stylists["Sofia Stylist"]! },
    ],
    tips: [{ stylistId: setup.stylists["Sofia Stylist"]!, amount: 300 }],
    payments: [{ method: "cash", amount: 10_000 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...(created.body as { id: number }), client, product };
}

test("a receipt reads like a till receipt at 80 mm and on A4", async ({ page }) => {
  const sale = await saleByApi();
  await page.setViewportSize({ width: 302, height: 900 });
  await signIn(page, ADMIN, `/sales/${sale.id}/receipt`);
  const sheet = page.getByRole("main");
  await expect(sheet).toContainText(sale.product.name);
  await expect(sheet).toContainText("2 × £12.50");
  await expect(sheet).toContainText("Tip for Sofia");
  await expect(sheet).toContainText("Change");
  // Nothing runs off the paper.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(302);
  await page.screenshot({ path: "screenshots/receipt-80mm.png", fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.setViewportSize(TABLET);
  await page.getByRole("link", { name: "A4" }).click();
  await expect(page).toHaveURL(/format=a4/);
  await expect(page.getByRole("columnheader", { name: "Price" })).toBeVisible();
  await page.screenshot({ path: "screenshots/receipt-a4.png", fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("the day's takings, a cash-up with its difference, the CSV and the Commission tab", async ({ page }) => {
  await saleByApi();
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, "/reports/takings");
  await expect(page.getByRole("heading", { name: "Takings by Payment Method" })).toBeVisible();
  const hint = await page.getByText(/^Expected £[\d,.]+ beyond the float$/).textContent();
  const expected = Number(hint!.replace(/[^\d.]/g, ""));
  expect(expected).toBeGreaterThan(0);
  await page.screenshot({ path: "screenshots/takings.png", fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByLabel("Counted cash (£)").fill((expected + 1.5).toFixed(2));
  await page.getByLabel("Notes (optional)").fill(`Counted twice ${unique()}`);
  await page.getByRole("button", { name: "Record Cash-up" }).click();
  await expect(page.getByText("Cash-up recorded")).toBeVisible();
  await expect(page.getByText("Over £1.50").first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);

  await page.goto("/reports/commission");
  const row = page.getByRole("row", { name: /Sofia Stylist/ });
  await expect(row).toBeVisible();
  await page.screenshot({ path: "screenshots/commission.png", fullPage: true });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("a stylist is refused the Takings and Commission tabs", async ({ page }) => {
  await signIn(page, STYLIST, "/reports/takings");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByLabel("Counted cash (£)")).toHaveCount(0);
  await page.goto("/reports/commission");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  const csv = await page.request.get("/reports/takings.csv");
  expect(csv.status()).toBe(403);
});

test("the products screen saves a retail price and stock", async ({ page }) => {
  const name = `Backoffice Mousse ${unique()}`;
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, "/shopping-list/products/new");
  await waitForModal(page);
  await page.getByLabel("Product Name").fill(name);
  await page.getByLabel("Category").fill("Styling");
  await page.getByLabel("Retail price (£)").fill("11.50");
  await page.getByLabel("Stock quantity").fill("6");
  await page.getByLabel("Reorder level").fill("2");
  await page.getByRole("dialog").getByRole("button", { name: "Create Product" }).click();
  await expect
    .poll(async () => {
      const again = await apiRequest("GET", "/api/products", setup.token);
      const found = (again.body as { name: string; retailPrice: number | null; stockQuantity: number }[]).find(
        (product) => product.name === name,
      );
      return found ? [found.retailPrice, found.stockQuantity] : null;
    })
    .toEqual([1150, 6]);
});

test("on a phone each checkout line stacks, nothing squeezed or cut off", async ({ page }) => {
  const gel = await productForSale(setup, "Backoffice Gel", 700, 3);
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN, "/checkout");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Fringe Trim (£8.00)" });
  await page.getByLabel("Stylist of the service").selectOption({ label: "Theo Trimmer" });
  await page.getByRole("button", { name: "Add service" }).click();
  await expect(page.getByTestId("checkout-line")).toHaveCount(1);
  await page.getByLabel("Find a product").fill(gel.name);
  await page.getByLabel("Find a product").press("Enter");
  await page.getByRole("button", { name: new RegExp(`^Add ${gel.name}`) }).click();
  await expect(page.getByTestId("checkout-line")).toHaveCount(2);
  await expect(page.getByTestId("total")).toHaveText("£15.00");
  const price = page.getByRole("textbox", { name: /\(line 2\): price$/ });
  // The price field is wide enough to read.
  expect((await price.boundingBox())!.width).toBeGreaterThanOrEqual(60);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "screenshots/phone-checkout-lines.png", fullPage: true });
});
