// The salon's side of online booking without JavaScript: the tab saves with a plain form,
// the staff switch is a button that posts, and Accept and Decline are plain forms.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { keepOnlineSettings, onlineBooking, onlineFixture } from "./online-admin-helpers";
import { apiCall, apiToken, unique } from "./services-helpers";

test("the Online Booking tab saves and shows its errors without JavaScript", async ({ page }) => {
  const restore = await keepOnlineSettings();
  await signIn(page, ADMIN, "/settings/online");
  await page.getByRole("switch", { name: "Staff approve each booking" }).check();
  await page.getByRole("switch", { name: "New clients may book" }).check();
  await page.getByLabel("Minimum notice (hours)").fill("-1");
  await page.getByRole("button", { name: "Save Online Booking" }).click();
  await expect(page.getByText("Cannot be negative")).toBeVisible();
  await page.getByLabel("Minimum notice (hours)").fill("24");
  await page.getByRole("button", { name: "Save Online Booking" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Staff approve each booking" })).toBeChecked();
  await expect(page.getByLabel("Minimum notice (hours)")).toHaveValue("24");
  await expect(page.getByRole("img", { name: /^QR code for/ }).locator("svg")).toBeVisible();
  await restore();
});

test("the service dialog's online fields work as a plain form", async ({ page }) => {
  const token = await apiToken(ADMIN);
  const name = `Plain Buffer ${unique()}`;
  await signIn(page, ADMIN, "/services/new");
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await dialog.getByLabel("Service Name").fill(name);
  await dialog.getByLabel("Category").fill("Hair");
  await dialog.getByLabel("Duration (minutes)").fill("30");
  await dialog.getByLabel("Price (£)").fill("20");
  await dialog.getByLabel("Buffer after (minutes)").fill("10");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByText("Service created successfully")).toBeVisible();
  const listed = await apiCall(token, "GET", `/api/services?search=${encodeURIComponent(name)}`);
  expect(listed.body).toEqual([expect.objectContaining({ onlineBookable: true, bufferMinutes: 10 })]);
});

test("the staff switch posts without JavaScript", async ({ page }) => {
  const { stylist } = await onlineFixture();
  await signIn(page, ADMIN, "/settings/staff");
  await page.getByRole("switch", { name: `${stylist.name} bookable online` }).click();
  await expect(page.getByText(`${stylist.name} is no longer offered on the online booking page.`)).toBeVisible();
  await expect(page.getByRole("switch", { name: `${stylist.name} bookable online` })).toHaveAttribute(
    "aria-checked",
    "false",
  );
});

test("Accept and Decline are plain forms", async ({ page }) => {
  const fixture = await onlineFixture();
  const accepted = await onlineBooking(fixture, `Nora Plain ${fixture.tag}`, "2029-06-14T09:00:00.000Z");
  const declined = await onlineBooking(fixture, `Omar Plain ${fixture.tag}`, "2029-06-14T11:00:00.000Z");
  await signIn(page, ADMIN, "/requests");
  await page.getByRole("button", { name: `Accept Nora Plain ${fixture.tag}'s request` }).click();
  await expect(page.getByText("Request accepted")).toBeVisible();
  await page.getByRole("button", { name: `Decline Omar Plain ${fixture.tag}'s request` }).click();
  await expect(page.getByText("Request declined")).toBeVisible();
  await expect(page.getByRole("main").getByRole("region").filter({ hasText: fixture.tag })).toHaveCount(0);
  expect((await apiCall(fixture.token, "GET", `/api/appointments/${accepted}`)).body.status).toBe("scheduled");
  expect((await apiCall(fixture.token, "GET", `/api/appointments/${declined}`)).body.status).toBe("cancelled");
  await page.goto("/calendar?view=day&date=2029-06-14");
  await expect(page.getByTestId(`appointment-${accepted}`).getByTestId("online-mark")).toHaveText("Online");
});

test("the booking dialog shows the details a known client typed online, which the record did not take", async ({
  page,
}) => {
  const fixture = await onlineFixture();
  const id = await onlineBooking(
    fixture,
    `Pia Known ${fixture.tag}`,
    "2029-06-15T10:00:00.000Z",
    "scheduled",
    JSON.stringify({ phone: "07400 555999", email: "pia.new@example.com" }),
  );
  await signIn(page, ADMIN, `/calendar/appointments/${id}?view=day&date=2029-06-15`);
  await expect(page.getByTestId("online-details")).toHaveText(
    "Booked online with other details: phone 07400 555999, e-mail pia.new@example.com. The client's record was not changed: check with the client before you update it.",
  );
});
