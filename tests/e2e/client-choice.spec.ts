// A booking resolves to a client on file or asks, with JavaScript (decision 0097): a name
// typed without picking the suggestion, or a phone on file under another name, brings
// "Book for ... ?" or "Create a new client"; the Add Client form adds a client sharing a
// family's phone once confirmed. Screenshots at tablet and phone size, checked with axe.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup, expectToast } from "./calendar-fixtures";
import { signIn, waitForModal } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";

const setup = calendarSetup();

async function openBooking(page: Page, date: string) {
  await signIn(
    page,
    ADMIN,
    `/calendar/appointments/new?date=${date}&time=10:00&stylistId=${setup.stylists["Sofia Stylist"]}`,
  );
  await waitForModal(page);
  return page.getByRole("dialog", { name: "New Appointment" });
}

const clientsNamed = async (query: string) =>
  (await apiRequest("GET", `/api/clients?q=${encodeURIComponent(query)}`, setup.token)).body as {
    name: string;
    appointmentCount: number;
  }[];

test("a typed name that is a client's asks before booking, and books that client when chosen", async ({ page }) => {
  const created = await apiRequest("POST", "/api/clients", setup.token, {
    name: "Carla Cruz",
    phone: "07400 970123",
    notes: "Allergic to PPD",
  });
  expect(created.status).toBe(201);
  const dialog = await openBooking(page, "2027-06-07");
  // Typed another way and not picked from the suggestions.
  await dialog.getByRole("combobox", { name: "Client name" }).fill("carla cruz");
  await expect(dialog.getByRole("option", { name: /Carla Cruz/ })).toBeVisible();
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  const existing = dialog.getByRole("radio", { name: "Book for Carla Cruz (07400 970123)?" });
  await expect(existing).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Create a new client/ })).toBeVisible();
  await screenshotBothSizes(page, "booking-client-choice", async () => {
    await existing.scrollIntoViewIfNeeded();
  });

  await existing.check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Appointment booked successfully");
  expect(await clientsNamed("Carla Cruz")).toEqual([
    expect.objectContaining({ name: "Carla Cruz", appointmentCount: 1 }),
  ]);
});

test("a phone on file under another name asks; a new client then shares the family's number", async ({ page }) => {
  const alice = await apiRequest("POST", "/api/clients", setup.token, { name: "Alice Adams", phone: "07400 970456" });
  expect(alice.status).toBe(201);
  const dialog = await openBooking(page, "2027-06-08");
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Lily Adams");
  await dialog.getByLabel("Phone").fill("+44 7400 970456");
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();

  await expect(dialog.getByRole("radio", { name: "Book for Alice Adams (07400 970456)?" })).toBeVisible();
  const fresh = dialog.getByRole("radio", { name: /Create a new client/ });
  await expect(dialog.getByText("A new record for Lily Adams, sharing the phone number")).toBeVisible();
  await screenshotBothSizes(page, "booking-shared-phone", async () => {
    await fresh.scrollIntoViewIfNeeded();
  });

  await fresh.check();
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expectToast(page, "Appointment booked successfully");
  const adams = await clientsNamed("Adams");
  expect(adams.map((client) => [client.name, client.appointmentCount])).toEqual([
    ["Alice Adams", 0],
    ["Lily Adams", 1],
  ]);
});

test("the Add Client form adds a client sharing another's phone after the warning", async ({ page }) => {
  const owner = await apiRequest("POST", "/api/clients", setup.token, { name: "Alma Shared", phone: "07400 970789" });
  expect(owner.status).toBe(201);
  await signIn(page, ADMIN, "/clients/new");
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await dialog.getByLabel("Name", { exact: true }).fill("Bea Shared");
  await dialog.getByLabel("Phone").fill("07400 970789");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByRole("alert")).toContainText("A client with this phone number already exists: Alma Shared.");
  await expect(dialog.getByRole("link", { name: "Open the existing client" })).toBeVisible();
  await screenshotBothSizes(page, "client-shared-phone", async () => {});

  await dialog.getByRole("button", { name: "Add Client Anyway" }).click();
  await expectToast(page, "Client created successfully");
  expect((await clientsNamed("07400 970789")).map((client) => client.name)).toEqual(["Alma Shared", "Bea Shared"]);
});
