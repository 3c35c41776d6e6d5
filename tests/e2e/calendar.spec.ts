// The calendar with JavaScript on: booking, editing, statuses, deleting, dragging (and
// its rollback), blocked time, the overlap refusal and live updates between tablets.
import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import {
  apiRequest,
  bookByApi,
  calendarSetup,
  clickSlot,
  column,
  expectToast,
  londonInstant,
  scrollToTime,
} from "./calendar-fixtures";
import { signIn } from "./helpers";

const setup = calendarSetup();

const SOFIA = "Sofia Stylist";
const THEO = "Theo Trimmer";

test("book a new client from an empty slot", async ({ page }) => {
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-01");
  await clickSlot(page, SOFIA, "10:00");
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Time", { exact: true })).toHaveValue("10:00");
  await expect(dialog.getByLabel("Stylist", { exact: true })).toHaveValue(String(setup.stylists[SOFIA]));
  await expect(dialog.getByLabel("Date")).toHaveValue("2027-03-01");

  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText("Client name is required")).toBeVisible();
  await expect(dialog.getByText("Service is required")).toBeVisible();

  await dialog.getByRole("combobox", { name: "Client name" }).fill("Nina Newcomer");
  await expect(dialog.getByText("New client")).toBeVisible();
  await dialog.getByLabel("Phone").fill("07400 900555");
  await dialog.getByLabel("Service").selectOption({ label: "Colour Refresh" });
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("90");
  await dialog.getByLabel("Duration (minutes)").fill("100");
  await dialog.getByLabel("Notes").click();
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("105");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  await expectToast(page, "Appointment booked successfully");
  await expect(dialog).toBeHidden();
  const block = column(page, SOFIA).getByRole("link", { name: /Nina Newcomer/ });
  await expect(block).toBeVisible();
  await expect(block).toContainText("10:00 AM – 11:45 AM Colour Refresh");
  // Each line is read apart (the block's name), with no hidden separator element (decision 0136).
  await expect(block).toHaveAccessibleName("Nina Newcomer 10:00 AM – 11:45 AM Colour Refresh");
  await expect(block.locator("u")).toHaveCount(0);
});

test("book an existing client found by search", async ({ page }) => {
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-02");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  const name = dialog.getByRole("combobox", { name: "Client name" });
  await name.fill("Ja");
  await expect(dialog.getByRole("listbox", { name: "Matching clients" }).getByRole("option")).toHaveCount(0);
  await name.fill("Jan");
  await dialog
    .getByRole("listbox", { name: "Matching clients" })
    .getByRole("option", { name: /Jane Doe/ })
    .click();
  await expect(dialog.getByText("Existing client")).toBeVisible();
  await expect(dialog.getByLabel("Phone")).toHaveValue("07400 900123");
  await dialog.getByLabel("Time", { exact: true }).selectOption("14:30");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: THEO });
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Appointment booked successfully");
  await expect(column(page, THEO).getByRole("link", { name: /Jane Doe/ })).toContainText("2:30 PM – 3:30 PM");

  // Editing the name again returns to new-client mode.
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  await name.fill("Jane");
  await dialog
    .getByRole("listbox", { name: "Matching clients" })
    .getByRole("option", { name: /Jane Doe/ })
    .click();
  await name.fill("Jane D");
  await expect(dialog.getByText("New client")).toBeVisible();
});

test("edit, refuse completing a future appointment, cancel and delete", async ({ page }) => {
  const booked = await bookByApi(setup, "2027-03-03", "11:00", SOFIA);
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-03");
  await scrollToTime(page, "11:00");
  const block = page.getByTestId(`appointment-${booked.id}`);
  await block.click();
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveValue("Jane Doe");
  await dialog.getByLabel("Notes").fill("Prefers the window seat");
  // It has not started yet, so it cannot be completed (decision 0063): the dialog says so and keeps the entries.
  await dialog.getByLabel("Status").selectOption("completed");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    dialog.getByText("An appointment cannot be marked completed before it starts.", { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByLabel("Notes")).toHaveValue("Prefers the window seat");
  await dialog.getByLabel("Status").selectOption("scheduled");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Appointment updated successfully");

  await block.click();
  await expect(dialog.getByLabel("Notes")).toHaveValue("Prefers the window seat");
  await dialog.getByLabel("Status").selectOption("cancelled");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Appointment updated successfully");
  await expect(block).toContainText("Cancelled");

  await block.click();
  await dialog.getByRole("link", { name: "Delete" }).click();
  await expect(dialog.getByText("Delete this appointment?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete Appointment" }).click();
  await expectToast(page, "Appointment deleted successfully");
  await expect(block).toHaveCount(0);
});

// Each open shows its booking as saved: never the last one's values, edits left unsaved or
// refusal (what a dialog kept between opens would have to get right, decision 0141).
test("each booking opened shows its own values, whatever the one before showed", async ({ page }) => {
  const other = await apiRequest("POST", "/api/clients", setup.token, { name: "Kira Kept", phone: "07400 975111" });
  expect(other.status).toBe(201);
  const first = await bookByApi(setup, "2027-03-19", "10:00", SOFIA, {
    notes: "Window seat",
    availabilityOverride: true,
  });
  const second = await bookByApi(setup, "2027-03-19", "13:00", THEO, {
    clientId: other.body.id,
    serviceId: setup.services["Colour Refresh"],
    availabilityOverride: true,
  });
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-19");
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  const open = async (id: number, time: string) => {
    await scrollToTime(page, time);
    await page.getByTestId(`appointment-${id}`).click();
    await expect(dialog).toBeVisible();
  };
  const expectBooking = async (values: Record<string, string>, notes: string, override: boolean) => {
    await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveValue(values.client!);
    for (const label of ["Service", "Stylist", "Time", "Duration (minutes)", "Status", "Date"] as const) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(values[label]!);
    }
    await expect(dialog.getByLabel("Notes")).toHaveValue(notes);
    await expect(dialog.getByLabel(/Book even outside/)).toBeChecked({ checked: override });
    await expect(dialog.getByLabel(/Tell the client/)).toBeChecked();
  };
  /** A booking's fields as saved: all scheduled on 2027-03-19. */
  const asSaved = (client: string, service: string, stylist: string, time: string, minutes: number) => ({
    client,
    Service: String(setup.services[service]),
    Stylist: String(setup.stylists[stylist]),
    Time: time,
    "Duration (minutes)": String(minutes),
    Status: "scheduled",
    Date: "2027-03-19",
  });
  const firstAsSaved = asSaved("Jane Doe", "Cut & Finish", SOFIA, "10:00", 60);

  await open(first.id, "10:00");
  await expectBooking(firstAsSaved, "Window seat", true);
  // Changed everywhere, then left unsaved.
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Someone Else");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption(String(setup.stylists[THEO]));
  await dialog.getByLabel("Time", { exact: true }).selectOption("10:30");
  await dialog.getByLabel("Duration (minutes)").fill("75");
  await dialog.getByLabel("Notes").fill("Not saved");
  await dialog.getByLabel("Status").selectOption("cancelled");
  await dialog.getByLabel(/Book even outside/).uncheck();
  await dialog.getByLabel(/Tell the client/).uncheck();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  // Nothing of a closed dialog is left in the page (a hidden form would be read out or found twice).
  await expect(page.locator("dialog")).toHaveCount(0);

  await open(second.id, "13:00");
  const secondAsSaved = asSaved("Kira Kept", "Colour Refresh", THEO, "13:00", 90);
  await expectBooking(secondAsSaved, "", true);
  await expect(dialog.getByTestId("booking-price")).toHaveText("£70.00");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The same booking opened again: as saved, not as left.
  await open(first.id, "10:00");
  await expectBooking(firstAsSaved, "Window seat", true);
  // A refusal stays with the booking it was about.
  await dialog.getByLabel("Status").selectOption("completed");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  const refusal = dialog.getByText("An appointment cannot be marked completed before it starts.", { exact: true });
  await expect(refusal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await open(second.id, "13:00");
  await expectBooking(secondAsSaved, "", true);
  await expect(refusal).toHaveCount(0);

  // A save from a dialog opened after others changes that booking only.
  await dialog.getByLabel("Notes").fill("Toner after");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Appointment updated successfully");
  await open(second.id, "13:00");
  await expectBooking(secondAsSaved, "Toner after", true);
  await page.keyboard.press("Escape");
  await open(first.id, "10:00");
  await expectBooking(firstAsSaved, "Window seat", true);
});

/** Drags a block with the mouse; `fromTime` and `toTime` must fit on one screen. */
async function drag(
  page: import("@playwright/test").Page,
  id: number,
  fromTime: string,
  toStylist: string,
  toTime: string,
) {
  const block = page.getByTestId(`appointment-${id}`);
  await scrollToTime(page, fromTime < toTime ? fromTime : toTime);
  const from = (await block.boundingBox())!;
  const target = (await column(page, toStylist).locator("[data-testid^=column-]").boundingBox())!;
  const [hours, minutes] = toTime.split(":").map(Number) as [number, number];
  const targetY = target.y + ((hours * 60 + minutes - 7 * 60) / 15) * 28 + 6;
  await page.mouse.move(from.x + 10, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 30, { steps: 3 });
  await page.mouse.move(target.x + 20, targetY, { steps: 8 });
  await page.mouse.up();
}

test("drag an appointment to another stylist and time, and roll back a refused move", async ({ page }) => {
  const moving = await bookByApi(setup, "2027-03-04", "10:00", SOFIA);
  await bookByApi(setup, "2027-03-04", "13:00", THEO);
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-04");

  await drag(page, moving.id, "10:00", THEO, "11:00");
  await expectToast(page, "The appointment has been successfully moved.");
  const moved = await apiRequest("GET", `/api/appointments/${moving.id}`, setup.token);
  expect(moved.body).toMatchObject({
    startTime: londonInstant("2027-03-04", "11:00"),
    stylistId: setup.stylists[THEO],
  });
  await expect(column(page, THEO).getByTestId(`appointment-${moving.id}`)).toContainText("11:00 AM – 12:00 PM");

  await drag(page, moving.id, "11:00", THEO, "13:30");
  await expectToast(page, "Failed to move appointment");
  // A taken slot: the toast says why and that trying again cannot work.
  await expect(
    page.getByText(
      /^The appointment could not be moved there: Theo Trimmer already has .+\. It stays where it was; choose a free time\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText("Please try again", { exact: false })).toHaveCount(0);
  await expect(column(page, THEO).getByTestId(`appointment-${moving.id}`)).toContainText("11:00 AM – 12:00 PM");
  const unchanged = await apiRequest("GET", `/api/appointments/${moving.id}`, setup.token);
  expect(unchanged.body.startTime).toBe(londonInstant("2027-03-04", "11:00"));
});

test("block time: grey, labelled, not draggable, and an occupied slot ignores clicks", async ({ page }) => {
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-05");
  await clickSlot(page, THEO, "12:00");
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByLabel("Status").selectOption("blocked");
  await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveCount(0);
  // Blocked time carries no service.
  await expect(dialog.getByLabel("Service")).toHaveCount(0);
  await dialog.getByLabel("Duration (minutes)").fill("60");
  await dialog.getByLabel("Notes (shown on the blocked time)").fill("Lunch");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Appointment booked successfully");
  const block = column(page, THEO).getByRole("link", { name: /Lunch/ });
  await expect(block).toContainText("12:00 PM – 1:00 PM");
  await expect(block).toHaveClass(/\bsc-blocked\b/);
  // Blocked time does not move: no grab cursor.
  await expect(block).not.toHaveCSS("cursor", "grab");

  // The column under the blocked time does not open a booking. Blocks sit 4px in from the
  // column's sides (inset-x-1): x=2 is the column itself, not the block's edge, and without
  // force Playwright checks that the column really receives the click.
  const slot = column(page, THEO).locator("[data-testid^=column-]");
  await slot.click({ position: { x: 2, y: ((12 * 60 + 15 - 420) / 15) * 28 + 5 } });
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a clash is refused with a message naming it", async ({ page }) => {
  await bookByApi(setup, "2027-03-08", "15:00", SOFIA);
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-08");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Clash Person");
  await dialog.getByLabel("Time", { exact: true }).selectOption("15:30");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: SOFIA });
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Failed to book appointment: Sofia Stylist already has Jane Doe (Cut & Finish) from 3:00 PM to 4:00 PM.",
  );
});

test("a booking made elsewhere appears on an open calendar without reloading", async ({ page, browser }) => {
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-09");
  const screenContext = await browser.newContext();
  const screen = await screenContext.newPage();
  await signIn(screen, DISPLAY, "/calendar?view=day&date=2027-03-09");
  await expect(screen.getByRole("link", { name: "New Booking", exact: true })).toHaveCount(0);
  await expect(screen.getByRole("complementary", { name: "Summary" })).toHaveCount(0);

  const booked = await bookByApi(setup, "2027-03-09", "09:00", THEO);
  await expect(screen.getByTestId(`appointment-${booked.id}`)).toBeVisible();
  await expect(page.getByTestId(`appointment-${booked.id}`)).toBeVisible();
  await apiRequest("DELETE", `/api/appointments/${booked.id}`, setup.token);
  await expect(screen.getByTestId(`appointment-${booked.id}`)).toHaveCount(0);
  await screenContext.close();
});

test("a booking made while a screen is still connecting to live updates appears once it connects", async ({ page }) => {
  // The screen's event stream is held back until the booking has been made: the change
  // falls between the page's load and the stream's start, and must not be lost.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events*", async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, DISPLAY, "/calendar?view=day&date=2027-03-16");
  const booked = await bookByApi(setup, "2027-03-16", "09:00", THEO);
  release();
  await expect(page.getByTestId(`appointment-${booked.id}`)).toBeVisible();
});

test("the grid shades time off, a booking into it is refused, and an admin's override is recorded", async ({
  page,
}) => {
  const added = await apiRequest("POST", "/api/stylist/time-off", setup.token, {
    stylistId: setup.stylists[SOFIA],
    startDate: "2027-03-10",
    endDate: "2027-03-10",
    reason: "Training day",
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-10");
  await expect(column(page, SOFIA).getByText("Time off: Training day")).toBeVisible();

  await clickSlot(page, SOFIA, "10:00");
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Tara Timeoff");
  await dialog.getByLabel("Phone").fill("07400 900444");
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "Sofia Stylist is on time off on Wednesday, March 10, 2027 (Training day).",
  );

  await dialog.getByLabel("Book even outside the stylist's working hours or time off").check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Appointment booked successfully");
  await expect(column(page, SOFIA).getByRole("link", { name: /Tara Timeoff/ })).toBeVisible();
});
