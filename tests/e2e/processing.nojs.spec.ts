// Processing time without JavaScript (decision 0111): the service dialog's fields as a plain
// form, and the Day view's processing part drawn by the server. Wednesday 18 September 2030
// (British Summer Time), a date no other spec uses.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, column } from "./calendar-fixtures";
import { signIn } from "./helpers";
import { apiToken, createStylistAccount, unique, uniquePhone } from "./services-helpers";

const DAY = "2030-09-18";

test("the service dialog's processing fields work as a plain form, and the Day view shows the part", async ({
  page,
}) => {
  const token = await apiToken(ADMIN);
  const tag = unique();
  const name = `Plain Processing ${tag}`;
  await signIn(page, ADMIN, "/services/new");
  const dialog = page.getByRole("dialog", { name: "Add New Service" });
  await dialog.getByLabel("Service Name").fill(name);
  await dialog.getByLabel("Category").fill("Colour");
  await dialog.getByLabel("Duration (minutes)").fill("90");
  await dialog.getByLabel("Price (£)").fill("60");
  await dialog.getByLabel("Processing time (minutes)").fill("60");
  await dialog.getByLabel("Processing starts after (minutes)").fill("30");
  await dialog.getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByText("Processing must end before the service does").first()).toBeVisible();
  await page.getByRole("dialog", { name: "Add New Service" }).getByLabel("Processing time (minutes)").fill("30");
  await page.getByRole("dialog", { name: "Add New Service" }).getByRole("button", { name: "Create Service" }).click();
  await expect(page.getByText("Service created successfully")).toBeVisible();
  const listed = await apiRequest("GET", `/api/services?search=${encodeURIComponent(name)}`, token);
  expect(listed.body).toEqual([expect.objectContaining({ processingAfterMinutes: 30, processingMinutes: 30 })]);

  const stylist = await createStylistAccount(token, "Nia", `Plain${tag}`);
  const client = await apiRequest("POST", "/api/clients", token, {
    name: `Cora Plain ${tag}`,
    phone: uniquePhone(),
  });
  const booked = await apiRequest("POST", "/api/appointments", token, {
    clientId: client.body.id,
    stylistId: stylist.stylistId,
    serviceId: listed.body[0].id,
    startTime: `${DAY}T13:00:00.000Z`,
    status: "scheduled",
    availabilityOverride: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await page.goto(`/calendar?view=day&date=${DAY}`);
  await expect(column(page, stylist.name).getByTestId(`appointment-${booked.body.id}`)).toContainText(
    "Processing 2:30 PM – 3:00 PM",
  );
});
