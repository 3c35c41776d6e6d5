// The till's back office without JavaScript (decision 0120): the cash-up form records the
// counted cash and shows its difference; a stylist's commission rates saved on the staff screen.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup } from "./calendar-fixtures";
import { signIn, TABLET } from "./helpers";
import { apiToken, createStylistAccount } from "./services-helpers";

const setup = calendarSetup();
test.setTimeout(120_000);

test("a cash-up recorded without JavaScript shows the drawer short", async ({ page }) => {
  const created = await apiRequest("POST", "/api/sales", setup.token, {
    lines: [
      { kind: "service", serviceId: setup.services["Cut & Finish"]!, stylistId: setup.stylists["Theo Trimmer"]! },
    ],
    payments: [{ method: "cash", amount: 5000 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, "/reports/takings");
  const hint = await page.getByText(/^Expected £[\d,.]+ beyond the float$/).textContent();
  const expected = Number(hint!.replace(/[^\d.]/g, ""));
  expect(expected).toBeGreaterThan(2);
  await page.getByLabel("Counted cash (£)").fill((expected - 2).toFixed(2));
  await page.getByRole("button", { name: "Record Cash-up" }).click();
  await expect(page.getByText("Cash-up recorded")).toBeVisible();
  await expect(page.getByText("Short £2.00").first()).toBeVisible();
});

test("a stylist's commission rates saved without JavaScript", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Cora", "Commission");
  await signIn(page, ADMIN, `/settings/staff/${stylist.userId}`);
  await expect(page.getByText("No rates set yet")).toBeVisible();
  await page.getByLabel("Service rate (%)").fill("40");
  await page.getByLabel("Product rate (%)").fill("10");
  await page.getByRole("button", { name: "Save Rates" }).click();
  await expect(page.getByText("Commission rates saved")).toBeVisible();
  await expect(page.getByLabel("Service rate (%)")).toHaveValue("40");
  await expect(page.getByLabel("Product rate (%)")).toHaveValue("10");
  await expect(page.getByText("No rates set yet")).toHaveCount(0);
});
