// Touch on the day grid (decision 0078): never moves a booking by accident. A swipe over a
// block scrolls the grid; a press held still lifts the block and moves it; the move's toast
// offers Undo. Touches are real touch events (CDP Input.dispatchTouchEvent), so the
// browser's own panning decides what a swipe does, as on the salon's tablets.
import { mkdirSync } from "node:fs";
import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { bookByApi, calendarSetup, column, expectToast, londonInstant, scrollToTime } from "./calendar-fixtures";
import { signIn, TABLET } from "./helpers";
import { currentSlot } from "./servers";

const setup = calendarSetup();

const SOFIA = "Sofia Stylist";
const THEO = "Theo Trimmer";

test.use({ viewport: TABLET, hasTouch: true, isMobile: true });

/** The appointment's row as stored. */
async function row(id: number) {
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    const { rows } = await db.execute({
      sql: "select stylist_id, start_time, end_time, updated_at from appointments where id = ?",
      args: [id],
    });
    return {
      stylistId: Number(rows[0]!.stylist_id),
      startTime: String(rows[0]!.start_time),
      endTime: String(rows[0]!.end_time),
      updatedAt: String(rows[0]!.updated_at),
    };
  } finally {
    db.close();
  }
}

/** One finger on the touch screen, through the browser's input pipeline. */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: "touchStart" | "touchMove" | "touchEnd", x = 0, y = 0) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x: Math.round(x), y: Math.round(y), id: 1 }],
    });
  return {
    down: (x: number, y: number) => send("touchStart", x, y),
    move: (x: number, y: number) => send("touchMove", x, y),
    up: () => send("touchEnd"),
    /** Down, a quick slide to (toX, toY) and up, sent at once (no hold in between). */
    swipe: (x: number, y: number, toX: number, toY: number, steps = 12) =>
      Promise.all([
        send("touchStart", x, y),
        ...Array.from({ length: steps }, (_, index) =>
          send("touchMove", x + ((toX - x) * (index + 1)) / steps, y + ((toY - y) * (index + 1)) / steps),
        ),
        send("touchEnd"),
      ]),
  };
}

const scrollTop = (page: Page) => page.getByTestId("calendar-scroller").evaluate((element) => element.scrollTop);
const rowY = (columnTop: number, time: string) => {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return columnTop + ((hours * 60 + minutes - 7 * 60) / 15) * 28;
};

test("a swipe over an appointment scrolls the grid and moves nothing", async ({ page }) => {
  const booked = await bookByApi(setup, "2027-03-11", "10:00", SOFIA);
  const before = await row(booked.id);
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-11");
  await scrollToTime(page, "10:00");
  const block = page.getByTestId(`appointment-${booked.id}`);
  const box = (await block.boundingBox())!;
  const top = await scrollTop(page);

  // Upwards over the block, as a thumb scrolls a list towards later times.
  await (await finger(page)).swipe(box.x + box.width / 2, box.y + 20, box.x + box.width / 2, box.y - 220);

  await expect.poll(() => scrollTop(page)).toBeGreaterThan(top + 50);
  await expect(block).not.toHaveClass(/appt-lifted|appt-dragging/);
  await expect(page.getByTestId("drag-ghost")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await row(booked.id)).toEqual(before);
});

test("a tap opens a booking without growing its block on the dimmed page behind (no hover on a touch screen)", async ({
  page,
}) => {
  const booked = await bookByApi(setup, "2027-03-04", "09:00", SOFIA, { serviceId: setup.services["Fringe Trim"] });
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-04");
  await scrollToTime(page, "09:00");
  const block = page.getByTestId(`appointment-${booked.id}`);
  const before = (await block.boundingBox())!;
  // A short block shows its client and time; its service line is for screen readers (1 px).
  const serviceWidth = async () => (await block.getByText("Fringe Trim").boundingBox())!.width;
  expect(await serviceWidth()).toBeLessThanOrEqual(1);

  // A touch screen keeps :hover on what was tapped: the block must not grow over the next one.
  await page.touchscreen.tap(before.x + before.width / 2, before.y + before.height / 2);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog).toBeVisible();
  expect((await block.boundingBox())!.height).toBeCloseTo(before.height, 0);
  expect(await serviceWidth()).toBeLessThanOrEqual(1);

  await dialog.getByRole("link", { name: "Close" }).tap();
  await expect(dialog).toHaveCount(0);
  expect((await block.boundingBox())!.height).toBeCloseTo(before.height, 0);
});

test("press and hold lifts an appointment, dragging it moves it, and Undo puts it back", async ({ page }) => {
  const booked = await bookByApi(setup, "2027-03-18", "10:00", SOFIA);
  const before = await row(booked.id);
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-18");
  await scrollToTime(page, "10:00");
  const block = page.getByTestId(`appointment-${booked.id}`);
  const from = (await block.boundingBox())!;
  const target = (await column(page, THEO).locator("[data-testid^=column-]").boundingBox())!;
  const touch = await finger(page);

  await touch.down(from.x + 20, from.y + 6);
  // The lift is the signal the hold has lasted (about 400 ms): no timed wait here.
  await expect(block).toHaveClass(/appt-lifted/);
  await expect(
    page.getByText("picked up. Move your finger to another time or stylist and lift it there.", { exact: false }),
  ).toBeAttached();
  mkdirSync("screenshots", { recursive: true });
  await page.screenshot({ path: "screenshots/touch-lifted-1024x768.png" });
  const toX = target.x + 20;
  const toY = rowY(target.y, "11:00") + 6;
  for (let step = 1; step <= 8; step++)
    await touch.move(from.x + 20 + ((toX - from.x - 20) * step) / 8, from.y + 6 + ((toY - from.y - 6) * step) / 8);
  await expect(page.getByTestId("drag-ghost")).toHaveText("11:00 AM");
  await touch.up();

  await expectToast(page, "The appointment has been successfully moved.");
  await expect(column(page, THEO).getByTestId(`appointment-${booked.id}`)).toContainText("11:00 AM – 12:00 PM");
  await expect.poll(async () => (await row(booked.id)).startTime).toBe(londonInstant("2027-03-18", "11:00"));
  expect((await row(booked.id)).stylistId).toBe(setup.stylists[THEO]);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const toasts = page.getByRole("region", { name: "Notifications (F8)" });
  await page.screenshot({ path: "screenshots/touch-undo-toast-1024x768.png" });
  // The Undo says it is one, so the server takes back the move's e-mail to the client if it
  // has not gone yet (tests/integration/email.test.ts).
  const undoPost = page.waitForRequest(
    (request) => request.method() === "POST" && (request.postData() ?? "").includes("intent=move"),
  );
  await toasts.getByRole("button", { name: "Undo" }).tap();
  expect(new URLSearchParams((await undoPost).postData()!).get("undo")).toBe("1");
  await expectToast(page, "Move undone");
  await expect(column(page, SOFIA).getByTestId(`appointment-${booked.id}`)).toContainText("10:00 AM – 11:00 AM");
  await expect.poll(async () => (await row(booked.id)).startTime).toBe(before.startTime);
  const restored = await row(booked.id);
  expect({ stylistId: restored.stylistId, startTime: restored.startTime, endTime: restored.endTime }).toEqual({
    stylistId: before.stylistId,
    startTime: before.startTime,
    endTime: before.endTime,
  });
});

test("Undo is checked like any move: a slot taken meanwhile refuses it with the server's reason", async ({ page }) => {
  const booked = await bookByApi(setup, "2027-03-11", "14:00", SOFIA, { availabilityOverride: true });
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-11");
  await scrollToTime(page, "14:00");
  const block = page.getByTestId(`appointment-${booked.id}`);
  const from = (await block.boundingBox())!;
  const touch = await finger(page);
  await touch.down(from.x + 20, from.y + 6);
  await expect(block).toHaveClass(/appt-lifted/);
  for (let step = 1; step <= 4; step++) await touch.move(from.x + 20, from.y + 6 + step * 28);
  await touch.up();
  await expectToast(page, "The appointment has been successfully moved.");
  await expect.poll(async () => (await row(booked.id)).startTime).toBe(londonInstant("2027-03-11", "15:00"));

  // Someone books the old slot before Undo.
  await bookByApi(setup, "2027-03-11", "14:00", SOFIA, { availabilityOverride: true });
  // Undo from the keyboard this time: F8 focuses the notifications, Tab reaches the button.
  const undo = page
    .getByRole("region", { name: "Notifications (F8)" })
    .getByRole("status")
    .getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  await page.keyboard.press("F8");
  await page.keyboard.press("Tab");
  await expect(undo).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Failed to undo move");
  await expect(page.getByText("The appointment could not be moved back.", { exact: false })).toBeVisible();
  await expect.poll(async () => (await row(booked.id)).startTime).toBe(londonInstant("2027-03-11", "15:00"));
});

test("while a block is dragged, the pointer near the grid's bottom edge scrolls the grid and the drop lands further down", async ({
  page,
}) => {
  // An administrator's booking with the override: any time of the day is a valid drop.
  const booked = await bookByApi(setup, "2027-03-25", "09:00", SOFIA, { availabilityOverride: true });
  await signIn(page, ADMIN, "/calendar?view=day&date=2027-03-25");
  await scrollToTime(page, "09:00");
  const block = page.getByTestId(`appointment-${booked.id}`);
  const from = (await block.boundingBox())!;
  const scroller = (await page.getByTestId("calendar-scroller").boundingBox())!;
  const top = await scrollTop(page);

  await page.mouse.move(from.x + 10, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 40, { steps: 3 });
  // Just inside the bottom band: a slow scroll, so the test can stop it part way.
  await page.mouse.move(from.x + 10, scroller.y + scroller.height - 40, { steps: 6 });
  await expect.poll(() => scrollTop(page), { timeout: 20_000 }).toBeGreaterThan(top + 300);
  const middle = scroller.y + scroller.height / 2;
  await page.mouse.move(from.x + 10, middle, { steps: 3 });
  const scrolled = (await scrollTop(page)) - top;
  const shown = await page.getByTestId("drag-ghost").innerText();
  await page.mouse.up();

  await expectToast(page, "The appointment has been successfully moved.");
  await expect(page.getByTestId(`appointment-${booked.id}`)).toContainText(`${shown} –`);
  // The drop is where the pointer is in the scrolled grid: the distance it moved plus the
  // distance the grid scrolled, in 15-minute rows of 28 px from 09:00.
  const start = new Date((await row(booked.id)).startTime);
  const rows = Math.round((middle - (from.y + 6) + scrolled) / 28);
  expect(scrolled).toBeGreaterThan(300);
  expect(start.getUTCHours() * 60 + start.getUTCMinutes()).toBe(9 * 60 + rows * 15);
});
