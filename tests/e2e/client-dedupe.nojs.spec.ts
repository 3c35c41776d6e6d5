// One record per client without JavaScript (decisions 0060, 0061): a booking typed with a
// client's name and phone books that client; the Add Client form refuses a duplicate
// and links to the existing client; an admin merges two records with plain GET links and a form.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { calendarSetup } from "./calendar-fixtures";
import { apiToken, createClientViaApi } from "./client-helpers";
import { signIn } from "./helpers";

calendarSetup();

test("a booking typed with an existing client's name and phone books that client and says so", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  await createClientViaApi(request, token, {
    name: "Nadia Nojs Booker",
    phone: "07400 961001",
    email: "nadia.nojs@dedupe.test",
  });

  await signIn(page, ADMIN, "/calendar?view=day&date=2027-05-10");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  // Typed, not picked from the suggestions (there are none without JavaScript), and written another way.
  await dialog.getByRole("combobox", { name: "Client name" }).fill("Nadia Nojs Booker");
  await dialog.getByLabel("Phone").fill("+44 7400 961001");
  await dialog.getByLabel("Time", { exact: true }).selectOption("11:00");
  await dialog.getByLabel("Stylist", { exact: true }).selectOption({ label: "Sofia Stylist" });
  await dialog.getByLabel("Service").selectOption({ label: "Cut & Finish" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("Appointment booked for existing client Nadia Nojs Booker")).toBeVisible();

  await page.goto("/clients?q=Nadia+Nojs+Booker");
  const cards = page.getByRole("list", { name: "Clients" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText("1 appointment")).toBeVisible();
});

test("the Add Client form refuses a duplicate e-mail and links to the existing client", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const existing = await createClientViaApi(request, token, {
    name: "Olga Onfile Nojs",
    phone: "07400 961002",
    email: "olga.onfile@dedupe.test",
  });

  await signIn(page, ADMIN, "/clients/new");
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await dialog.getByLabel("Name", { exact: true }).fill("Olga Again");
  await dialog.getByLabel("Phone").fill("07400 961099");
  await dialog.getByLabel("Email").fill("Olga.Onfile@DEDUPE.test");
  await dialog.getByLabel("GDPR Consent Required").check();
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByRole("alert")).toContainText("A client with this e-mail already exists: Olga Onfile Nojs.");
  await expect(dialog.getByText("Already on file for Olga Onfile Nojs")).toBeVisible();
  await dialog.getByRole("link", { name: "Open the existing client" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${existing.id}/edit$`));
  await expect(page.getByRole("dialog", { name: "Edit Client" }).getByLabel("Name", { exact: true })).toHaveValue(
    "Olga Onfile Nojs",
  );
});

test("an admin finds, chooses and merges two records of one client without JavaScript", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  await createClientViaApi(request, token, {
    name: "Nora Nojsmerge",
    phone: "07400 965001",
    email: "nora.nojsmerge@dedupe.test",
  });
  await createClientViaApi(request, token, { name: "N. Nojsmerge", phone: "07400 965002", notes: "Allergic to latex" });

  await signIn(page, ADMIN, "/clients?q=Nojsmerge");
  await page.getByRole("link", { name: "Merge Nora Nojsmerge" }).click();
  const dialog = page.getByRole("dialog", { name: "Merge Clients" });
  await dialog.getByRole("searchbox", { name: "Find the client to merge" }).fill("N. Nojsmerge");
  await dialog.getByRole("button", { name: "Search" }).click();
  await dialog.getByRole("link", { name: "Choose N. Nojsmerge" }).click();
  await expect(dialog.getByText("Merge Nora Nojsmerge and N. Nojsmerge into one record?")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Keep Nora Nojsmerge/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Merge Clients" }).click();

  await expect(page.getByText("Nora Nojsmerge is kept; 0 appointments moved from the other record.")).toBeVisible();
  const cards = page.getByRole("list", { name: "Clients" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("heading", { name: "Nora Nojsmerge" })).toBeVisible();
  await expect(cards.getByText("Allergic to latex")).toBeVisible();
});
