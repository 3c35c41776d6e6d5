// The calendar's views as a tablet shows them: the Week view's summary per stylist and day
// (all 7 days inside 1024×768), the Month view's count and load per day, each day opening
// its Day view, and readable blocks in the Day view (a 15-minute block, completed,
// cancelled and blocked time). Screenshots at tablet and phone size; axe on every view.
import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { apiRequest, calendarSetup, column, scrollToTime } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import { currentSlot } from "./servers";

const setup = calendarSetup();
const SOFIA = "Sofia Stylist";
const THEO = "Theo Trimmer";
// A week of its own: Monday 16 to Sunday 22 June 2025, a past week so completed appointments may be booked (London summer time, UTC+1).
const DAY = "2025-06-18";
const ids: Record<string, number> = {};

async function book(name: string, stylist: string, time: string, extra: Record<string, unknown>) {
  const result = await apiRequest("POST", "/api/appointments", setup.token, {
    stylistId: setup.stylists[stylist],
    startTime: new Date(`${DAY}T${time}:00+01:00`).toISOString(),
    status: "scheduled",
    ...extra,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  ids[name] = (result.body as { id: number }).id;
}

test.beforeAll(async () => {
  // A worker started again after a failure finds the earlier run's bookings: start afresh.
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  await db.execute("PRAGMA busy_timeout = 5000");
  await db.execute({
    sql: "delete from appointments where start_time >= ? and start_time < ?",
    args: [`${DAY}T00:00:00.000Z`, `${DAY}T23:59:59.999Z`],
  });
  // Theo's client is another: one client is never booked in two chairs at once.
  const found = await db.execute("select id from clients where name = 'Wren Weekview'");
  const wren = Number(
    found.rows[0]?.id ??
      (
        await db.execute(
          "insert into clients (name, phone, phone_e164) values ('Wren Weekview', '07400 900618', '+447400900618') returning id",
        )
      ).rows[0]!.id,
  );
  db.close();
  const client = { clientId: setup.clientId };
  await book("short", SOFIA, "09:00", { ...client, serviceId: setup.services["Fringe Trim"] });
  await book("long", SOFIA, "10:00", { ...client, serviceId: setup.services["Colour Refresh"] });
  await book("completed", THEO, "09:00", {
    clientId: wren,
    serviceId: setup.services["Cut & Finish"],
    status: "completed",
  });
  await book("cancelled", THEO, "11:00", { ...client, serviceId: setup.services["Cut & Finish"], status: "cancelled" });
  await book("blocked", THEO, "13:00", {
    status: "blocked",
    notes: "Training",
    endTime: new Date(`${DAY}T14:00:00+01:00`).toISOString(),
  });
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/calendar-${name}.png` });
}

test("the week view shows all 7 days at 1024×768, a summary per stylist and day, and a day opens its Day view", async ({
  page,
}) => {
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/calendar?view=week&date=${DAY}&stylist=${setup.stylists[SOFIA]}`);
  const week = page.getByTestId("week-view");
  const days = week.locator("thead th a");
  await expect(days).toHaveCount(7);
  for (let index = 0; index < 7; index += 1) {
    const box = (await days.nth(index).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(TABLET.width);
  }
  // Sofia: two appointments, 9:00 to 11:30. Theo: one (the cancellation does not count). With
  // more stylists than the week draws at once (other specs add some), each is asked for by name.
  await expect(
    week.getByRole("link", {
      name: `${SOFIA}, Wednesday, June 18, 2025: 2 appointments, 9:00 AM to 11:30 AM`,
      exact: false,
    }),
  ).toBeVisible();
  await page.goto(`/calendar?view=week&date=${DAY}&stylist=${setup.stylists[THEO]}`);
  await expect(
    week.getByRole("link", {
      name: `${THEO}, Wednesday, June 18, 2025: 1 appointment, 9:00 AM to 10:00 AM`,
      exact: false,
    }),
  ).toBeVisible();
  await shoot(page, "week-tablet");
  await expectNoAxeViolations(page);

  await week.getByRole("link", { name: /^Wednesday, June 18, 2025: .*Open the day$/ }).click();
  await expect(page).toHaveURL(/view=day&date=2025-06-18/);
  await expect(page.getByRole("heading", { name: "Day Schedule" })).toBeVisible();
});

test("the month view shows each day's count and load, and a day opens its Day view", async ({ page }) => {
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/calendar?view=month&date=${DAY}`);
  const day = page
    .getByTestId("month-view")
    .getByRole("link", { name: /^Wednesday, June 18, 2025: 3 appointments, 9:00 AM to 11:30 AM, \d+% booked$/ });
  await expect(day).toBeVisible();
  await expect(day).toContainText("3");
  await shoot(page, "month-tablet");
  await expectNoAxeViolations(page);
  await day.click();
  await expect(page).toHaveURL(/view=day&date=2025-06-18/);
});

test("blocks are readable: a 15-minute block shows client and time on one line, status at a glance, blocked time its notes", async ({
  page,
}) => {
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/calendar?view=day&date=${DAY}`);
  await scrollToTime(page, "09:00");

  const short = page.getByTestId(`appointment-${ids.short}`);
  await expect(short).toHaveAccessibleName(/Jane Doe.*9:00 AM – 9:15 AM · Fringe Trim/);
  const name = (await short.locator("b").boundingBox())!;
  const time = (await short.locator("i").boundingBox())!;
  expect(Math.abs(name.y - time.y)).toBeLessThan(2);
  await expect(short.locator("i")).toHaveText("9:00 AM");
  // Hover shows the rest: the whole time and the service.
  await short.hover();
  await expect(short.getByText("9:00 AM – 9:15 AM · Fringe Trim")).toBeVisible();

  const long = page.getByTestId(`appointment-${ids.long}`);
  await expect(long.getByText("10:00 AM – 11:30 AM")).toBeVisible();
  await expect(long.getByText("Colour Refresh")).toBeVisible();

  const completed = column(page, THEO).getByTestId(`appointment-${ids.completed}`);
  await expect(completed).toContainText("Cut & Finish · Completed");
  // Cancelled, alone in its slot: as wide as any other block, faded and struck through.
  const cancelled = column(page, THEO).getByTestId(`appointment-${ids.cancelled}`);
  await expect(cancelled).toContainText("Cancelled");
  expect((await cancelled.boundingBox())!.width).toBeCloseTo((await completed.boundingBox())!.width, 0);

  const blocked = column(page, THEO).getByTestId(`appointment-${ids.blocked}`);
  await expect(blocked).toHaveAccessibleName(/^Training/);
  await expect(blocked).not.toContainText("Cut & Finish");
  await page.mouse.move(0, 0);
  await shoot(page, "day-tablet");
  await expectNoAxeViolations(page);
});

for (const view of ["day", "week", "month"] as const) {
  test(`the ${view} view at phone size has no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, ADMIN, `/calendar?view=${view}&date=${DAY}`);
    await expect(page.locator("main")).toBeVisible();
    await shoot(page, `${view}-phone`);
    await expectNoAxeViolations(page);
  });

  test(`the ${view} view of a display account has no accessibility violations`, async ({ page }) => {
    await page.setViewportSize(TABLET);
    await signIn(page, DISPLAY, `/calendar?view=${view}&date=${DAY}`);
    await expect(page.locator("main")).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
