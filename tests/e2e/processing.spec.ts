// Processing time with JavaScript (decision 0111): the service dialog's fields, and the Day
// view drawing a colour's processing part lighter with another client's booking inside it
// side by side. Tuesday 17 September 2030 (British Summer Time: 10:00 is 09:00 UTC), a date
// no other spec uses.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, column, scrollToTime } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { apiToken, createStylistAccount, screenshotBothSizes, unique } from "./services-helpers";

const DAY = "2030-09-17";

test("a colour's processing part is drawn lighter, and a booking inside it sits beside it", async ({ page }) => {
  const token = await apiToken(ADMIN);
  const tag = unique();
  const name = `Colour Processing ${tag}`;

  // The service dialog: processing that does not end before the service is refused.
  await signIn(page, ADMIN, "/services/new");
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await dialog.getByLabel("Service Name").fill(name);
  await dialog.getByLabel("Category").fill("Colour");
  await dialog.getByLabel("Duration (minutes)").fill("120");
  await dialog.getByLabel("Price (£)").fill("90");
  await dialog.getByLabel("Processing time (minutes)").fill("90");
  await dialog.getByLabel("Processing starts after (minutes)").fill("30");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(dialog.getByText("Processing must end before the service does")).toBeVisible();
  await dialog.getByLabel("Processing time (minutes)").fill("45");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByText("Service created successfully")).toBeVisible();
  const listed = await apiRequest("GET", `/api/services?search=${encodeURIComponent(name)}`, token);
  expect(listed.body).toEqual([expect.objectContaining({ name, processingAfterMinutes: 30, processingMinutes: 45 })]);
  const colourId = listed.body[0].id as number;

  const stylist = await createStylistAccount(token, "Pia", `Processing${tag}`);
  const cut = await apiRequest("POST", "/api/services", token, {
    name: `Gap Cut ${tag}`,
    category: "Hair",
    duration: 30,
    price: 2500,
  });
  const client = async (clientName: string, phone: string) =>
    (await apiRequest("POST", "/api/clients", token, { name: clientName, phone })).body.id as number;
  const phone = () => `07400 ${String(Math.floor(100000 + Math.random() * 899999))}`;
  const ava = await client(`Ava Colour ${tag}`, phone());
  const ben = await client(`Ben Gap ${tag}`, phone());
  const book = (clientId: number, serviceId: number, startTime: string) =>
    apiRequest("POST", "/api/appointments", token, {
      clientId,
      stylistId: stylist.stylistId,
      serviceId,
      startTime,
      status: "scheduled",
      availabilityOverride: true,
    });
  const colour = await book(ava, colourId, `${DAY}T09:00:00.000Z`);
  expect(colour.status, JSON.stringify(colour.body)).toBe(201);
  const gap = await book(ben, cut.body.id, `${DAY}T09:30:00.000Z`);
  expect(gap.status, JSON.stringify(gap.body)).toBe(201);
  // Ava herself cannot be booked in her own processing time.
  const twice = await book(ava, cut.body.id, `${DAY}T09:30:00.000Z`);
  expect(twice.status).toBe(409);

  await page.goto(`/calendar?view=day&date=${DAY}`);
  await scrollToTime(page, "10:00");
  const own = column(page, stylist.name);
  const colourBlock = own.getByTestId(`appointment-${colour.body.id}`);
  const gapBlock = own.getByTestId(`appointment-${gap.body.id}`);
  await expect(colourBlock).toContainText("Processing 10:30 AM – 11:15 AM");
  await expect(colourBlock).toHaveAccessibleName(/Processing 10:30 AM – 11:15 AM/);
  await expect(colourBlock.getByTestId("processing-part")).toBeVisible();
  // Side by side: the gap's booking to the right of the colour, neither covering the other.
  await colourBlock.scrollIntoViewIfNeeded();
  const left = (await colourBlock.boundingBox())!;
  const right = (await gapBlock.boundingBox())!;
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 1);
  const part = (await colourBlock.getByTestId("processing-part").boundingBox())!;
  // 30 minutes of work (two 28 px rows) before the lighter part, 45 minutes (three rows) of it.
  expect(Math.round(part.y - left.y)).toBe(56);
  expect(Math.round(part.height)).toBe(84);

  // A colour alone leaves room beside it: a click there in its processing opens a booking at that time.
  const alone = await book(ava, colourId, `${DAY}T12:00:00.000Z`);
  expect(alone.status, JSON.stringify(alone.body)).toBe(201);
  const aloneBlock = own.getByTestId(`appointment-${alone.body.id}`);
  await expect(aloneBlock).toContainText("Processing 1:30 PM – 2:15 PM");
  await scrollToTime(page, "13:45");
  const area = own.locator("[data-testid^=column-]");
  const width = (await area.boundingBox())!.width;
  await area.click({ position: { x: width - 12, y: ((13 * 60 + 45 - 7 * 60) / 15) * 28 + 14 } });
  const newDialog = page.getByRole("dialog", { name: "New Appointment" });
  await expect(newDialog).toBeVisible();
  await expect(newDialog.getByLabel("Time", { exact: true })).toHaveValue("13:45");
  await page.keyboard.press("Escape");
  await expect(newDialog).toBeHidden();

  await screenshotBothSizes(page, "processing-day", async (p) => {
    await scrollToTime(p, "10:30");
    await column(p, stylist.name).getByTestId(`appointment-${colour.body.id}`).scrollIntoViewIfNeeded();
    await expect(column(p, stylist.name).getByTestId(`appointment-${gap.body.id}`)).toBeVisible();
  });
});
