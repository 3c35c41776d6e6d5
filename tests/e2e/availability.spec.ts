// My Availability with JavaScript: changes save at once (optimistically, rolled back when
// they fail), the schedule mode lives on the server, time off uses dialogs.
import { expect, test, type Page } from "@playwright/test";
import { formatLongDate, rotaWeek, todayInZone } from "../../app/lib/salon-time";
import { signIn } from "./helpers";
import { apiCall, apiToken, createStylistAccount, screenshotBothSizes } from "./services-helpers";

const success = (page: Page) => page.getByRole("status").filter({ hasText: "Success" });

test("a stylist's weekly hours save as they change and stay after a reload", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Wendy", "Weekly");
  await signIn(page, stylist, "/availability");
  await expect(page.getByRole("heading", { name: "My Availability" })).toBeVisible();
  await expect(page.getByText("Manage your working hours and time off")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Working Hours" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Weekly Schedule", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("button", { name: "Bi-Weekly Schedule" })).toHaveAttribute("aria-pressed", "false");

  // SPEC's defaults: Monday to Saturday 9:00-17:00, Sunday (day 7) off.
  await expect(page.getByRole("switch", { name: "Working on Monday" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Working on Saturday" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Working on Sunday" })).not.toBeChecked();
  await expect(page.getByLabel("Start time on Sunday")).toBeHidden();
  const mondayStart = page.getByLabel("Start time on Monday");
  const mondayEnd = page.getByLabel("End time on Monday");
  await expect(mondayStart).toHaveValue("09:00");
  await expect(mondayEnd).toHaveValue("17:00");
  await expect(mondayStart.locator("option")).toHaveText([
    "7:00 AM",
    "8:00 AM",
    "9:00 AM",
    "10:00 AM",
    "11:00 AM",
    "12:00 PM",
    "1:00 PM",
    "2:00 PM",
    "3:00 PM",
    "4:00 PM",
    "5:00 PM",
    "6:00 PM",
    "7:00 PM",
    "8:00 PM",
    "9:00 PM",
  ]);
  await expect(mondayEnd.locator("option")).toHaveCount(15);
  await expect(mondayEnd.locator("option").first()).toHaveText("8:00 AM");
  await expect(mondayEnd.locator("option").last()).toHaveText("10:00 PM");
  // End must be after start: earlier ends cannot be picked.
  await expect(mondayEnd.locator('option[value="09:00"]')).toBeDisabled();
  await expect(mondayEnd.locator('option[value="10:00"]')).toBeEnabled();

  await mondayStart.selectOption("10:00");
  await expect(success(page)).toBeVisible();
  await expect(mondayEnd.locator('option[value="10:00"]')).toBeDisabled();
  await page.getByRole("switch", { name: "Working on Tuesday" }).click();
  await expect(page.getByLabel("Start time on Tuesday")).toBeHidden();
  await page.getByRole("switch", { name: "Working on Sunday" }).click();
  await expect(page.getByLabel("Start time on Sunday")).toHaveValue("09:00");
  await expect(page.getByLabel("End time on Sunday")).toHaveValue("17:00");

  await expect
    .poll(async () => {
      const days = (await apiCall(await apiToken(stylist), "GET", "/api/stylist/availability")).body as {
        dayOfWeek: number;
        isWorking: boolean;
        startTime: string;
      }[];
      return days.map((day) => `${day.dayOfWeek}:${day.isWorking ? day.startTime : "off"}`).join(" ");
    })
    .toBe("1:10:00 2:off 3:09:00 4:09:00 5:09:00 6:09:00 7:09:00");
  await page.reload();
  await expect(mondayStart).toHaveValue("10:00");
  await expect(page.getByRole("switch", { name: "Working on Tuesday" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Working on Sunday" })).toBeChecked();

  await screenshotBothSizes(page, "availability-weekly", async () => {
    await expect(page.getByRole("heading", { name: "Working Hours" })).toBeVisible();
  });
});

test("a bi-weekly rota shows Week 1 and Week 2, says which week this is, and follows the stylist to another tablet", async ({
  browser,
  page,
}) => {
  const stylist = await createStylistAccount(await apiToken(), "Bea", "Biweekly");
  await signIn(page, stylist, "/availability");
  await page.getByRole("button", { name: "Bi-Weekly Schedule" }).click();
  await expect(page.getByRole("button", { name: "Bi-Weekly Schedule" })).toHaveAttribute("aria-pressed", "true");
  await expect(success(page)).toBeVisible();
  const week = rotaWeek(todayInZone("Europe/London"));
  await expect(page.getByText(`This week is Week ${week} `)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Week ${week} This week` })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Week 1/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Week 2/ })).toBeVisible();
  await expect(page.getByText("Day 8", { exact: true })).toBeVisible();
  await expect(page.getByText("Day 14", { exact: true })).toBeVisible();
  // Day numbers 7 and above default to not working.
  await expect(page.getByRole("switch", { name: "Working on Monday, day 1" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Working on Sunday, day 7" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Working on Monday, day 8" })).not.toBeChecked();

  await page.getByRole("switch", { name: "Working on Monday, day 8" }).click();
  await expect(page.getByLabel("Start time on Monday, day 8")).toHaveValue("09:00");
  await page.getByLabel("End time on Monday, day 8").selectOption("20:00");
  await expect(page.getByLabel("End time on Monday, day 8")).toHaveValue("20:00");
  await expect
    .poll(async () => {
      const days = (await apiCall(await apiToken(stylist), "GET", "/api/stylist/availability")).body as {
        dayOfWeek: number;
        isWorking: boolean;
        endTime: string;
      }[];
      return days.length === 14 ? `${days[7]!.isWorking} ${days[7]!.endTime}` : `only ${days.length} days`;
    })
    .toBe("true 20:00");

  const otherTablet = await browser.newContext();
  const tablet = await otherTablet.newPage();
  await signIn(tablet, stylist, "/availability");
  await expect(tablet.getByRole("button", { name: "Bi-Weekly Schedule" })).toHaveAttribute("aria-pressed", "true");
  await expect(tablet.getByRole("switch", { name: "Working on Monday, day 8" })).toBeChecked();
  await expect(tablet.getByLabel("End time on Monday, day 8")).toHaveValue("20:00");
  await otherTablet.close();

  await screenshotBothSizes(page, "availability-biweekly", async () => {
    await expect(page.getByRole("heading", { name: /^Week 2/ })).toBeVisible();
  });
});

test("an admin manages a chosen stylist's hours; a failed save is rolled back with 'Failed to update availability'", async ({
  page,
}) => {
  const stylist = await createStylistAccount(await apiToken(), "Rhea", "Rollback");
  await signIn(page, { email: "admin@e2e.test", password: "admin-pass-1" }, "/availability");
  await expect(page.getByText("Select a Stylist", { exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Stylists" }).getByRole("link", { name: stylist.email }).click();
  await expect(page).toHaveURL(new RegExp(`\\?stylist=${stylist.stylistId}$`));
  await expect(page.getByText(`${stylist.name}'s hours for bookings`)).toBeVisible();
  const wednesday = page.getByRole("switch", { name: "Working on Wednesday" });
  await wednesday.click();
  await expect(wednesday).not.toBeChecked();
  await expect(success(page)).toBeVisible();

  // The server refuses the next save (its end time is tampered with on the way), so the
  // switch, already shown off, must come back on.
  await page.route(/\/availability\.data/, async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    await route.continue({ postData: (request.postData() ?? "").replace(/endTime=[^&]*/, "endTime=08%3A00") });
  });
  const thursday = page.getByRole("switch", { name: "Working on Thursday" });
  await thursday.click();
  const alert = page.getByRole("alert").filter({ hasText: "Error" });
  await expect(alert).toContainText("Failed to update availability: End time must be after start time");
  await expect(thursday).toBeChecked();
  await expect(page.getByLabel("Start time on Thursday")).toBeVisible();
  await page.unrouteAll();
  const days = (await apiCall(await apiToken(), "GET", `/api/stylist/availability?stylistId=${stylist.stylistId}`))
    .body as { dayOfWeek: number; isWorking: boolean }[];
  expect(days.map((day) => day.isWorking)).toEqual([true, true, false, true, true, true, false]);
});

test("time off is added in a dialog (end not before start), listed, and deleted after confirming", async ({ page }) => {
  const stylist = await createStylistAccount(await apiToken(), "Tina", "Timeoff");
  await signIn(page, stylist, "/availability");
  await expect(page.getByRole("heading", { name: "Time Off & Holidays" })).toBeVisible();
  await expect(page.getByText("No time off scheduled")).toBeVisible();

  await page.getByRole("link", { name: "Add Time Off" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Time Off" });
  await expect(dialog.getByLabel("Reason (optional)")).toHaveAttribute("placeholder", "Vacation, sick leave, etc.");
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeVisible();
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(dialog.getByText("Start date is required")).toBeVisible();
  await expect(dialog.getByText("End date is required")).toBeVisible();
  await dialog.getByLabel("Start Date").fill("2031-06-10");
  await dialog.getByLabel("End Date").fill("2031-06-09");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(dialog.getByText("End date cannot be before the start date")).toBeVisible();
  await screenshotBothSizes(page, "availability-time-off-dialog", async () => {
    await expect(dialog).toBeVisible();
  });

  await dialog.getByLabel("End Date").fill("2031-06-14");
  await dialog.getByLabel("Reason (optional)").fill("Vacation");
  await dialog.getByRole("button", { name: "Add Time Off" }).click();
  await expect(page.getByRole("status").getByText("Time off added.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const range = `${formatLongDate("2031-06-10")} - ${formatLongDate("2031-06-14")}`;
  const list = page.getByRole("region", { name: "Scheduled time off" });
  await expect(list.getByText(range)).toBeVisible();
  await expect(list.getByText("Vacation")).toBeVisible();
  await expect(list).toHaveCSS("max-height", "600px");
  await screenshotBothSizes(page, "availability-time-off", async () => {
    await expect(list).toBeVisible();
  });

  await list.getByRole("link", { name: `Delete time off ${range}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Time Off" });
  await expect(confirm).toContainText("These days can be booked again.");
  await confirm.getByRole("button", { name: "Delete Time Off" }).click();
  await expect(page.getByRole("status").getByText("Time off deleted.")).toBeVisible();
  await expect(page.getByText("No time off scheduled")).toBeVisible();
});
