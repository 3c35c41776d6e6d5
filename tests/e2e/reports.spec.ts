// Reports with JavaScript: figures for a known week, the period selector, My Performance,
// Export CSV, the empty state and who may see the screen.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { signIn } from "./helpers";
import { REPORT_QUERY, reportSetup } from "./reports-fixtures";
import { screenshotBothSizes } from "./services-helpers";

reportSetup();

const card = (page: Page, label: string) =>
  page
    .locator("div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

test("an admin sees the salon's figures for a week, with the chart, top lists and breakdown", async ({ page }) => {
  test.slow(); // screenshots at two sizes and axe
  await signIn(page, ADMIN, `/reports?${REPORT_QUERY}`);
  await expect(page.getByRole("heading", { name: "Reports & Analytics", level: 1 })).toBeVisible();
  await expect(page.getByText("October 20, 2025 – October 26, 2025")).toBeVisible();
  // Completed at the booked prices (£120 + £20 + £20), not the Balayage's later £150.
  await expect(card(page, "Total Revenue")).toContainText("£160.00");
  await expect(card(page, "Total Revenue")).toContainText("3 completed appointments");
  await expect(card(page, "Average Service")).toContainText("£53.33");
  // One cancelled of four client appointments; the blocked time counts nowhere.
  await expect(card(page, "Cancellation Rate")).toContainText("25.0%");
  await expect(card(page, "Cancellation Rate")).toContainText("1 of 4 appointments");
  await expect(card(page, "Rebooking Rate")).toContainText("50.0%");
  await expect(card(page, "Total Revenue")).toContainText("No data for the previous 7 days");

  await expect(page.getByRole("img", { name: /Revenue and appointments per day/ })).toBeVisible();
  const services = page
    .getByRole("region")
    .or(page.locator("section"))
    .filter({ has: page.getByRole("heading", { name: "Top Services" }) });
  await expect(services.getByRole("listitem").first()).toContainText("Report Balayage");
  await expect(services.getByRole("listitem").first()).toContainText("£120.00");
  const clients = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Top Clients (All Stylists)" }) });
  await expect(clients.getByRole("listitem").first()).toContainText("Rita Report");
  const breakdown = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Stylist Performance Breakdown" }) });
  await expect(breakdown.getByRole("row", { name: /Sofia Stylist/ })).toContainText("£140.00");
  await expect(breakdown.getByRole("row", { name: /Theo Trimmer/ })).toContainText("£20.00");

  await screenshotBothSizes(page, "reports-admin", async () => {
    await expect(page.getByRole("heading", { name: "Reports & Analytics", level: 1 })).toBeVisible();
  });
});

test("the period selector puts the period in the address; an end before the start is an error", async ({ page }) => {
  test.slow(); // screenshots at two sizes and axe
  await signIn(page, ADMIN, "/reports");
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("month");
  await page.getByLabel("Period", { exact: true }).selectOption({ label: "Last Week" });
  await page.getByRole("button", { name: "Show Report" }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(page.getByText(/compared with the previous 7 days/)).toBeVisible();

  // Choosing a date switches to Custom Range.
  await page.getByLabel("From", { exact: true }).fill("2025-10-26");
  await expect(page.getByLabel("Period", { exact: true })).toHaveValue("custom");
  await page.getByLabel("To", { exact: true }).fill("2025-10-20");
  await page.getByRole("button", { name: "Show Report" }).click();
  await expect(page.getByRole("alert")).toContainText("The end date must be on or after the start date.");
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Total Revenue")).toBeHidden();
  await screenshotBothSizes(page, "reports-error", async () => {
    await expect(page.getByRole("alert")).toBeVisible();
  });
});

test("a stylist sees My Performance: only their own figures", async ({ page }) => {
  test.slow(); // screenshots at two sizes and axe
  await signIn(page, STYLIST, "/calendar");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "My Performance", level: 1 })).toBeVisible();
  await page.goto(`/reports?${REPORT_QUERY}`);
  await expect(card(page, "Total Revenue")).toContainText("£140.00");
  await expect(card(page, "Cancellation Rate")).toContainText("0.0%");
  await expect(card(page, "Rebooking Rate")).toContainText("100.0%");
  await expect(page.getByRole("heading", { name: "My Top Clients" })).toBeVisible();
  const details = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "My Performance Details" }) });
  await expect(details.getByRole("row", { name: /Sofia Stylist/ })).toBeVisible();
  await expect(page.getByText("Theo Trimmer")).toHaveCount(0);
  await expect(page.getByText("=1+2 Formula")).toHaveCount(0);
  await screenshotBothSizes(page, "reports-stylist", async () => {
    await expect(page.getByRole("heading", { name: "My Performance", level: 1 })).toBeVisible();
  });
});

test("Export CSV downloads salon-report-{period}-{date}.csv with formulas neutralised", async ({ page }) => {
  await signIn(page, ADMIN, `/reports?${REPORT_QUERY}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^salon-report-custom-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text).toContain("Total Revenue (GBP),160.00");
  expect(text).toContain("Rita Report,2,140.00");
  expect(text).toContain("'=1+2 Formula,1,20.00");
});

test("a period with no appointments says so", async ({ page }) => {
  await signIn(page, ADMIN, "/reports?period=custom&from=2040-01-01&to=2040-01-07");
  await expect(page.getByText("No performance data available for the selected period")).toBeVisible();
  await expect(card(page, "Total Revenue")).toContainText("£0.00");
});

test("a display account has no Reports, in the menu or on the server", async ({ page }) => {
  await signIn(page, DISPLAY, "/calendar");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" })).toHaveCount(0);
  const response = await page.goto("/reports");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Reports & Analytics", level: 1 })).toHaveCount(0);
  const api = await page.request.get("/api/reports?period=week");
  expect(api.status()).toBe(403);
});
