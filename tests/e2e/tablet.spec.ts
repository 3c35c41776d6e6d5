// The tablet shell and service colours (decisions 0073, 0074): the calendar on the salon's
// 10-inch tablet (1024×768), a laptop (1280×800) and a phone (390×844), on the demo salon's
// 5 stylists.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, PHONE, TABLET, waitForModal } from "./helpers";
import { DEMO_ADMIN, DEMO_DISPLAY, DEMO_STYLIST, expect, nextTuesday, test, waitForGrid } from "./demo-salon";

const LAPTOP = { width: 1280, height: 800 };
const DAY = nextTuesday();
const dayPath = `/calendar?view=day&date=${DAY}`;
const SIZES = [
  ["1024x768", TABLET],
  ["1280x800", LAPTOP],
  ["390x844", PHONE],
] as const;

async function expectInViewport(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, "on screen").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

const stylistHeaders = (page: Page) => page.getByTestId("day-grid").locator(".col-head");

test("at 1024×768 all 5 of the demo salon's stylist headers are on screen, beside an icon rail whose labels are tooltips", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, dayPath);
  await waitForGrid(page);
  await expect(stylistHeaders(page)).toHaveCount(5);
  for (const header of await stylistHeaders(page).all()) await expectInViewport(page, header);
  // The rail: icons only, each link still named for screen readers; hover shows the label.
  const clients = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients", exact: true });
  await expect(clients).toBeVisible();
  expect((await clients.boundingBox())!.width).toBeLessThan(64);
  const tooltip = () =>
    clients.evaluate((link) => ((style) => `${style.display} ${style.content}`)(getComputedStyle(link, "::after")));
  expect(await tooltip()).toMatch(/^none /);
  await clients.hover();
  expect(await tooltip()).toMatch(/^block "Clients"/);
  // The panel is a drawer behind a toggle at this width.
  await expect(page.getByRole("complementary", { name: "Summary" })).toBeHidden();
});

test("the side panel toggle opens a drawer that this device remembers, and Escape closes it", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, dayPath);
  const panel = page.getByRole("complementary", { name: "Summary" });
  await page.getByRole("button", { name: "Show summary" }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Today's Summary" })).toBeVisible();
  await page.reload();
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(panel).toBeHidden();
  // Hidden by choice stays hidden at a laptop's width too, where it is a column by default.
  await page.setViewportSize(LAPTOP);
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Show summary" }).click();
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.x).toBeGreaterThan(900);
});

test("the Upcoming list in the panel shows the date of an appointment that is not today", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(LAPTOP);
  await demoLogin(DEMO_ADMIN, dayPath);
  const entries = page
    .getByRole("complementary", { name: "Summary" })
    .locator("section", { has: page.getByRole("heading", { name: "Upcoming Appointments" }) })
    .getByRole("listitem");
  await expect(entries.first()).toBeVisible();
  const texts = await entries.allInnerTexts();
  const weekday = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M/;
  // The demo salon's day ends by 22:00, so late in the evening every entry is another day.
  if (new Date().getUTCHours() >= 21) for (const text of texts) expect(text).toMatch(weekday);
  else expect(texts.some((text) => /\d{1,2}:\d{2} [AP]M/.test(text))).toBe(true);
});

for (const [label, size] of [
  ["1024x768", TABLET],
  ["390x844", PHONE],
] as const) {
  test(`the booking dialog puts the client first and status last, and Book and Cancel stay on screen at ${label}`, async ({
    page,
    demoLogin,
  }) => {
    await page.setViewportSize(size);
    await demoLogin(DEMO_ADMIN, `/calendar/appointments/new?view=day&date=${DAY}`);
    const dialog = page.getByRole("dialog", { name: "New Appointment" });
    await expect(dialog).toBeVisible();
    const labels = await dialog.locator("label, legend").allInnerTexts();
    const order = ["Client name", "Service", "Stylist", "Date", "Time", "Status"].map((name) =>
      labels.findIndex((text) => text.trim().startsWith(name)),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expectInViewport(page, dialog.getByRole("button", { name: "Book Appointment" }));
    await expectInViewport(page, dialog.getByRole("link", { name: "Cancel" }));
    await dialog.getByLabel("Notes").scrollIntoViewIfNeeded();
    await expectInViewport(page, dialog.getByRole("button", { name: "Book Appointment" }));
  });
}

test("Escape in the client suggestions closes only the suggestions; a second Escape closes the dialog", async ({
  page,
  demoLogin,
  demo,
}) => {
  const [client] = (await demo.database.execute("select name from clients where is_active = 1 order by id limit 1"))
    .rows;
  await demoLogin(DEMO_ADMIN, `/calendar/appointments/new?view=day&date=${DAY}`);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await waitForModal(page);
  const name = dialog.getByRole("combobox", { name: "Client name" });
  await name.fill(String(client!.name).slice(0, 5));
  await expect(dialog.getByRole("listbox", { name: "Matching clients" })).toBeVisible();
  await name.press("Escape");
  await expect(dialog.getByRole("listbox")).toBeHidden();
  await expect(dialog).toBeVisible();
  await name.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/calendar\?/);
});

test("the header's client search suggests clients as you type and opens the chosen client's upcoming appointments across dates", async ({
  page,
  demoLogin,
  demo,
}) => {
  const [row] = (
    await demo.database.execute(
      "select c.id, c.name from clients c join appointments a on a.client_id = c.id where a.start_time > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') and a.status = 'scheduled' group by c.id having count(*) >= 1 order by c.id limit 1",
    )
  ).rows;
  await demoLogin(DEMO_ADMIN, dayPath);
  const search = page.getByRole("combobox", { name: "Search clients" });
  await search.fill(String(row!.name).slice(0, 2));
  await expect(page.getByRole("listbox", { name: "Matching clients" })).toBeHidden();
  await search.fill(String(row!.name));
  const option = page.getByRole("option", { name: new RegExp(String(row!.name)) }).first();
  await expect(option).toBeVisible();
  await option.click();
  const dialog = page.getByRole("dialog", { name: `Upcoming Appointments for ${row!.name}` });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`client=${row!.id}`));
  await expect(dialog.getByRole("list").getByRole("link").first()).toContainText(String(row!.name));
});

test("the phone's menu paints above the grid and closes with Escape; the stylist switcher brings a column into view", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(PHONE);
  await demoLogin(DEMO_ADMIN, dayPath);
  await waitForGrid(page);
  await page.getByRole("navigation", { name: "Stylists" }).getByRole("link", { name: "Sophie" }).click();
  // Sophie's column (the last) comes fully into view, clear of the sticky time column.
  const sophie = page.getByRole("region", { name: "Sophie Hughes's appointments" });
  await expect.poll(async () => (await sophie.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(72);
  await expect
    .poll(async () => ((box) => (box ? box.x + box.width : 9999))(await sophie.boundingBox()))
    .toBeLessThanOrEqual(PHONE.width);
  await page.getByLabel(/^Open menu/).click();
  const menu = page.getByRole("navigation", { name: /menu$/ });
  await expect(menu).toBeVisible();
  // What is under the middle of the menu is the menu, not a sticky grid header.
  const onTop = await page.evaluate(() => {
    const element = document.elementFromPoint(200, 120);
    return Boolean(element?.closest("details[open]"));
  });
  expect(onTop).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("the phone's menu closes when a page is chosen in it, and stays closed while a booking opens and closes", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(PHONE);
  await demoLogin(DEMO_ADMIN, dayPath);
  await waitForGrid(page);
  const menu = page.getByRole("navigation", { name: /menu$/ });
  await page.getByLabel(/^Open menu/).click();
  await menu.getByRole("link", { name: "Clients" }).click();
  await expect(page).toHaveURL(/\/clients/);
  await expect(menu).toBeHidden();
  await page.goBack();
  await waitForGrid(page);
  await page.locator("[data-testid=day-grid] a[data-id]").first().click();
  await waitForModal(page);
  await page.getByRole("dialog").getByRole("link", { name: "Close", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(menu).toBeHidden();
  // Opened again after the dialog's navigations, it still opens.
  await page.getByLabel(/^Open menu/).click();
  await expect(menu).toBeVisible();
});

test("an admin's colour for a service paints its blocks, and Automatic returns to the name's colour", async ({
  page,
  demoLogin,
  demo,
}) => {
  const [row] = (
    await demo.database.execute({
      sql: "select s.id, min(a.id) as appointmentId from services s join appointments a on a.service_id = s.id where a.start_time >= ? and a.start_time < ? and a.status = 'scheduled' group by s.id order by count(*) desc limit 1",
      args: [`${DAY}T00:00:00.000Z`, `${DAY}T23:59:59.999Z`],
    })
  ).rows;
  await page.setViewportSize(LAPTOP);
  await demoLogin(DEMO_ADMIN, `/services/${row!.id}/edit`);
  const dialog = page.getByRole("dialog");
  await waitForModal(page);
  const deepTeal = dialog.getByRole("radio", { name: "Deep teal" });
  await dialog.getByText("Deep teal", { exact: true }).locator("..").click();
  await expect(deepTeal).toBeChecked();
  await dialog.getByRole("button", { name: "Update Service" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`${demo.server.url}${dayPath}`);
  // By id, not by text: one service's name can be part of another's (Men's Cut, Men's Cut & Beard Trim).
  const block = page.locator(`.appt[data-id="${row!.appointmentId}"]`);
  await expect(block).toHaveClass(/\bsc-deep-teal\b/);
  await page.screenshot({ path: "screenshots/tablet-chosen-colour.png" });

  await page.goto(`${demo.server.url}/services/${row!.id}/edit`);
  await waitForModal(page);
  await dialog.getByText("Automatic", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "Automatic" })).toBeChecked();
  await dialog.getByRole("button", { name: "Update Service" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`${demo.server.url}${dayPath}`);
  await expect(block).not.toHaveClass(/\bsc-deep-teal\b/);
});

test("the salon's 24-hour setting changes every time on the calendar, its dialog and availability; 12-hour is the default", async ({
  page,
  demoLogin,
  demo,
}) => {
  await page.setViewportSize(LAPTOP);
  await demoLogin(DEMO_ADMIN, dayPath);
  const timeColumn = page.getByTestId("day-grid");
  await expect(timeColumn.getByText("1:00 PM", { exact: true })).toBeAttached();
  try {
    await page.goto(`${demo.server.url}/settings/salon`);
    await page.getByLabel("Time format").selectOption("24h");
    await page.getByRole("button", { name: "Save All Settings" }).click();
    await expect(page.getByText("The salon settings have been saved.")).toBeVisible();
    await page.goto(`${demo.server.url}${dayPath}`);
    await expect(timeColumn.getByText("13:00", { exact: true })).toBeAttached();
    await expect(timeColumn.getByText("1:00 PM", { exact: true })).toHaveCount(0);
    await page.goto(`${demo.server.url}/calendar/appointments/new?view=day&date=${DAY}`);
    await expect(page.getByLabel("Time").locator("option[value='13:00']")).toHaveText("13:00");
    const [stylist] = (await demo.database.execute("select id from stylists where is_active = 1 order by id limit 1"))
      .rows;
    await page.goto(`${demo.server.url}/availability?stylist=${stylist!.id}`);
    await expect(page.getByLabel("Start time on Monday").locator("option[value='13:00']")).toHaveText("13:00");
  } finally {
    await demo.database.execute("update salon_settings set clock_format = '12h'");
  }
});

for (const [label, size] of [
  ["1024x768", TABLET],
  ["390x844", PHONE],
] as const) {
  for (const [role, account] of [
    ["admin", DEMO_ADMIN],
    ["stylist", DEMO_STYLIST],
    ["display", DEMO_DISPLAY],
  ] as const) {
    test(`axe finds nothing on the ${role}'s day view at ${label}`, async ({ page, demoLogin }) => {
      await page.setViewportSize(size);
      await demoLogin(account, dayPath);
      await waitForGrid(page);
      await expectNoAxeViolations(page);
    });
  }
}

test("screenshots of the day view, the booking dialog and the menu at 1024×768, 1280×800 and 390×844", async ({
  page,
  demoLogin,
  demo,
}) => {
  test.setTimeout(90_000);
  mkdirSync("screenshots", { recursive: true });
  await demoLogin(DEMO_ADMIN, dayPath);
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`${demo.server.url}${dayPath}`);
    await waitForGrid(page);
    await page.screenshot({ path: `screenshots/tablet-day-${label}.png` });
    await page.goto(`${demo.server.url}/calendar/appointments/new?view=day&date=${DAY}`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.screenshot({ path: `screenshots/tablet-booking-${label}.png` });
    await page.goto(`${demo.server.url}${dayPath}`);
    await waitForGrid(page);
    if (size === PHONE) await page.getByLabel(/^Open menu/).click();
    else await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).hover();
    await page.screenshot({ path: `screenshots/tablet-menu-${label}.png` });
  }
});
