// On a slow tablet the server's form is usable for seconds before the page's scripts take it
// over. What was chosen or typed in that time must survive hydration and be saved.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup, londonInstant } from "./calendar-fixtures";
import { waitForModal } from "./helpers";
import { loginPage } from "./sessions";

const setup = calendarSetup();

/** Opens `path` signed in as an admin with the page's scripts held back until the returned function is called. */
async function openBeforeScripts(page: Page, path: string): Promise<() => Promise<void>> {
  await loginPage(page, ADMIN);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // The load event waits for the scripts: the page is used as soon as its HTML is in.
  await page.goto(path, { waitUntil: "commit" });
  return async () => {
    release();
    await waitForModal(page);
  };
}

test("a status, duration and stylist chosen before the page hydrates are kept and saved", async ({ page }) => {
  const date = "2027-04-22";
  const booked = await apiRequest("POST", "/api/appointments", setup.token, {
    clientId: setup.clientId,
    stylistId: setup.stylists["Sofia Stylist"],
    serviceId: setup.services["Cut & Finish"],
    startTime: londonInstant(date, "10:00"),
  });
  expect(booked.status).toBe(201);

  const hydrate = await openBeforeScripts(page, `/calendar/appointments/${booked.body.id}?view=day&date=${date}`);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await dialog.getByLabel("Status").selectOption("cancelled");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: "Theo Trimmer" });
  await dialog.getByLabel("Duration (minutes)").fill("90");
  await hydrate();

  await expect(dialog.getByLabel("Status")).toHaveValue("cancelled");
  await expect(dialog.getByLabel("Stylist", { exact: true })).toHaveValue(String(setup.stylists["Theo Trimmer"]));
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("90");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").getByText("Appointment updated successfully")).toBeVisible();

  const saved = await apiRequest("GET", `/api/appointments/${booked.body.id}`, setup.token);
  expect(saved.body).toMatchObject({
    status: "cancelled",
    stylistId: setup.stylists["Theo Trimmer"],
    endTime: londonInstant(date, "11:30"),
  });
});

test("a client typed into a new booking before the page hydrates is kept", async ({ page }) => {
  const hydrate = await openBeforeScripts(page, "/calendar/appointments/new?view=day&date=2027-04-23&time=10:00");
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByLabel("Client name").fill("Hydra Early");
  await dialog.getByLabel("Phone").fill("07400 900777");
  await hydrate();
  await expect(dialog.getByLabel("Client name")).toHaveValue("Hydra Early");
  await expect(dialog.getByLabel("Phone")).toHaveValue("07400 900777");
});
