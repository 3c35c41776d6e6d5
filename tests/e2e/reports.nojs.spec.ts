// Reports without JavaScript: the GET form, the server-drawn chart and Export CSV. (axe needs
// JavaScript in the page; the JavaScript spec runs it on the same markup.)
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { REPORT_WEEK, reportSetup } from "./reports-fixtures";

reportSetup();

test("an admin chooses a custom range and sees the figures and the chart", async ({ page }) => {
  await signIn(page, ADMIN, "/reports");
  await expect(page.getByRole("heading", { name: "Reports & Analytics", level: 1 })).toBeVisible();
  await page.getByLabel("Period", { exact: true }).selectOption({ label: "Custom Range" });
  await page.getByLabel("From", { exact: true }).fill(REPORT_WEEK.from);
  await page.getByLabel("To", { exact: true }).fill(REPORT_WEEK.to);
  await page.getByRole("button", { name: "Show Report" }).click();
  await expect(page).toHaveURL(/period=custom&from=2025-10-20&to=2025-10-26/);
  await expect(page.getByText("£160.00").first()).toBeVisible();
  // The chart is SVG from the server, with its numbers in a table for screen readers.
  const chart = page.getByRole("img", { name: /Revenue and appointments per day/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect")).toHaveCount(7);
  const table = page.getByRole("table", { name: "Revenue and appointments per day" });
  await expect(table.getByRole("row", { name: /Oct 21/ })).toContainText("£120.00");
  await expect(table.getByRole("row", { name: /Oct 26/ })).toContainText("£20.00");
});

test("Export CSV is a plain link", async ({ page }) => {
  await signIn(page, ADMIN, `/reports?period=custom&from=${REPORT_WEEK.from}&to=${REPORT_WEEK.to}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^salon-report-custom-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile((await download.path())!, "utf8")).toContain("Stylist Performance Breakdown");
});

test("an end before the start is a clear error", async ({ page }) => {
  await signIn(page, ADMIN, "/reports");
  await page.getByLabel("Period", { exact: true }).selectOption({ label: "Custom Range" });
  await page.getByLabel("From", { exact: true }).fill(REPORT_WEEK.to);
  await page.getByLabel("To", { exact: true }).fill(REPORT_WEEK.from);
  await page.getByRole("button", { name: "Show Report" }).click();
  await expect(page.getByRole("alert")).toContainText("The end date must be on or after the start date.");
  await expect(page.getByText("The end date must be on or after the start date.").first()).toBeVisible();
});
