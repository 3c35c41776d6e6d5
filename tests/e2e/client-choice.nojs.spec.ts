// A booking resolves to a client on file or asks, without JavaScript (decision 0097): a
// typed name with no phone, or a phone on file under another name, is never a silent
// second record nor silently the number's client; the Add Client form adds a client
// sharing a family's phone once confirmed.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup } from "./calendar-fixtures";
import { signIn } from "./helpers";

const setup = calendarSetup();

async function openBooking(page: import("@playwright/test").Page, date: string) {
  await signIn(
    page,
    ADMIN,
    `/calendar/appointments/new?date=${date}&time=11:00&stylistId=${setup.stylists["Sofia Stylist"]}`,
  );
  return page.getByRole("dialog", { name: "New Appointment" });
}

const clientsNamed = async (query: string) =>
  (await apiRequest("GET", `/api/clients?q=${encodeURIComponent(query)}`, setup.token)).body as {
    name: string;
    appointmentCount: number;
  }[];

test("a name with no phone that is a client's asks, and books that client when chosen", async ({ page }) => {
  const created = await apiRequest("POST", "/api/clients", setup.token, {
    name: "Carmen Cruz",
    phone: "07400 971123",
    notes: "Allergic to PPD",
  });
  expect(created.status).toBe(201);
  const dialog = await openBooking(page, "2027-06-14");
  await dialog.getByRole("combobox", { name: "Client name" }).fill("CÁRMEN CRUZ");
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  const existing = dialog.getByRole("radio", { name: "Book for Carmen Cruz (07400 971123)?" });
  await expect(existing).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Create a new client/ })).toBeVisible();
  await existing.check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Appointment booked successfully")).toBeVisible();
  expect(await clientsNamed("Carmen Cruz")).toEqual([
    expect.objectContaining({ name: "Carmen Cruz", appointmentCount: 1 }),
  ]);
});

test("a phone on file under another name asks; a new client then shares the family's number", async ({ page }) => {
  const owner = await apiRequest("POST", "/api/clients", setup.token, { name: "Ada Kinsella", phone: "07400 971456" });
  expect(owner.status).toBe(201);
  const dialog = await openBooking(page, "2027-06-15");
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Liv Kinsella");
  await dialog.getByLabel("Phone").fill("07400971456");
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  await expect(dialog.getByRole("radio", { name: "Book for Ada Kinsella (07400 971456)?" })).toBeVisible();
  await dialog.getByRole("radio", { name: /Create a new client/ }).check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Appointment booked successfully")).toBeVisible();
  const family = await clientsNamed("Kinsella");
  expect(family.map((client) => [client.name, client.appointmentCount])).toEqual([
    ["Ada Kinsella", 0],
    ["Liv Kinsella", 1],
  ]);
});

test("the Add Client form adds a client sharing another's phone after the warning", async ({ page }) => {
  const owner = await apiRequest("POST", "/api/clients", setup.token, { name: "Ola Shared", phone: "07400 971789" });
  expect(owner.status).toBe(201);
  await signIn(page, ADMIN, "/clients/new");
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await dialog.getByLabel("Name", { exact: true }).fill("Pip Shared");
  await dialog.getByLabel("Phone").fill("+44 7400 971789");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByRole("alert")).toContainText("A client with this phone number already exists: Ola Shared.");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client Anyway" }).click();
  await expect(page.getByText("Client created successfully")).toBeVisible();
  expect((await clientsNamed("07400 971789")).map((client) => client.name)).toEqual(["Ola Shared", "Pip Shared"]);
});
