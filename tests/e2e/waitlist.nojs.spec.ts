// The waitlist without JavaScript: the client found by a GET search and the entry's form,
// a freed time as its match, "Add to waitlist" from a refused booking, removing an entry,
// the public offer page booking the held time with a plain form post.
import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { turnEmailOff } from "./email-helpers";
import { signIn } from "./helpers";
import { apiCall, apiToken } from "./services-helpers";
import { startFakeSmtp, type FakeSmtp } from "../smtp-fake-server";
import {
  addOnScreen,
  entryByApi,
  entryCard,
  freeBooking,
  fullMorning,
  newClient,
  weekdayAhead,
} from "./waitlist-helpers";

test("an entry added without JavaScript shows a freed time as its match, then is removed", async ({ page }) => {
  const date = weekdayAhead(3);
  const morning = await fullMorning(date);
  const client = await newClient(morning.token, `Nell NoScript ${morning.tag}`);
  await signIn(page, ADMIN, "/waitlist");
  await addOnScreen(page, morning, client.name, date);
  await expect(entryCard(page, client.name).getByText("No free time fits yet.")).toBeVisible();

  await freeBooking(morning.token, morning.booked[1]!.id);
  await page.goto("/waitlist");
  await expect(
    entryCard(page, client.name)
      .getByRole("list", { name: `Free times for ${client.name}` })
      .getByRole("link"),
  ).toHaveText([/10:00 AM with Wren/]);

  await entryCard(page, client.name)
    .getByRole("button", { name: `Remove ${client.name} from the waitlist` })
    .click();
  await expect(page.getByText("Removed from the waitlist").first()).toBeVisible();
  await expect(entryCard(page, client.name)).toHaveCount(0);
});

test("a refused booking without JavaScript links to the waitlist, filled in", async ({ page }) => {
  const date = weekdayAhead(4);
  const morning = await fullMorning(date);
  const client = await newClient(morning.token, `Noor Refused ${morning.tag}`);
  await signIn(
    page,
    ADMIN,
    `/calendar/appointments/new?clientId=${client.id}&date=${date}&time=10:00&stylistId=${morning.stylist.stylistId}&serviceId=${morning.service.id}`,
  );
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("already has");
  await dialog.getByRole("link", { name: "Add to waitlist" }).click();
  await expect(page.getByText(`Client: ${client.name}`)).toBeVisible();
  await expect(page.getByLabel("Service")).toHaveValue(String(morning.service.id));
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(date);
  await page.getByRole("button", { name: "Add to waitlist" }).click();
  await expect(page.getByText("Added to the waitlist").first()).toBeVisible();
  await expect(entryCard(page, client.name)).toContainText(morning.service.name);
});

test.describe("automatic offers", () => {
  let smtp: FakeSmtp;
  test.beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  test.afterAll(async () => {
    await apiCall(await apiToken(), "POST", "/api/salon-settings", { waitlistAutoOffer: false });
    await turnEmailOff();
    await smtp.close();
  });

  test("the offer page books the held time with a plain form post", async ({ browser }) => {
    const date = weekdayAhead(5);
    const morning = await fullMorning(date);
    const settings = await apiCall(morning.token, "POST", "/api/salon-settings", {
      emailEnabled: true,
      smtpHost: "127.0.0.1",
      smtpPort: smtp.port,
      smtpSecurity: "none",
      emailFrom: "bookings@willow.test",
      waitlistAutoOffer: true,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const address = `nadia.${morning.tag}@example.com`;
    const client = await newClient(morning.token, `Nadia Offered ${morning.tag}`, { email: address });
    await freeBooking(morning.token, morning.booked[1]!.id);
    await entryByApi(morning, client.id, date);
    await expect.poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(address)).length).toBe(1);
    const mail = smtp.received.find((received) => received.envelopeTo.includes(address))!;
    const path = /\/waitlist\/offer\/[0-9]+\.[A-Za-z0-9_-]{32}/.exec(mail.mail.text ?? "")?.[0];
    expect(path, mail.mail.text).toBeTruthy();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const offerPage = await context.newPage();
    await offerPage.goto(path!);
    await offerPage.getByRole("button", { name: "Book it" }).click();
    await expect(offerPage.getByRole("status")).toHaveText(/You are booked/);
    // Opened again, the link says it was answered; nothing books twice.
    await offerPage.goto(path!);
    await expect(offerPage.getByRole("button", { name: "Book it" })).toHaveCount(0);
    await context.close();
  });
});

test("a display account is refused the Waitlist screen", async ({ page }) => {
  await signIn(page, DISPLAY, "/calendar");
  const response = await page.goto("/waitlist");
  expect(response?.status()).toBe(403);
});
