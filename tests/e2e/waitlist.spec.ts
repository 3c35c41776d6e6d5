// The waitlist with JavaScript: an entry added on the Waitlist screen, a freed time showing
// as its match (and on the menu's badge), "Add to waitlist" from a refused booking, removing
// an entry, the public offer page booking the held time, a display account refused; axe and
// screenshots of the Waitlist screen and the offer page.
import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { turnEmailOff } from "./email-helpers";
import { signIn, waitForModal } from "./helpers";
import { apiCall, apiToken, screenshotBothSizes } from "./services-helpers";
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

test("an entry added on the Waitlist screen shows a freed time as its match, then is removed", async ({ page }) => {
  const date = weekdayAhead(0);
  const morning = await fullMorning(date);
  const client = await newClient(morning.token, `Wendy Waiting ${morning.tag}`);
  await signIn(page, ADMIN, "/waitlist");
  await expect(page.getByRole("heading", { name: "Waitlist", level: 1 })).toBeVisible();
  await addOnScreen(page, morning, client.name, date);
  const card = entryCard(page, client.name);
  await expect(card.getByText("No free time fits yet.")).toBeVisible();

  // The 10:00 booking goes: the entry's match, and the menu's badge counts it.
  await freeBooking(morning.token, morning.booked[1]!.id);
  await page.reload();
  const matches = card.getByRole("list", { name: `Free times for ${client.name}` });
  await expect(matches.getByRole("link")).toHaveText([/10:00 AM with Wren/]);
  await expect(
    page
      .getByRole("navigation")
      .first()
      .getByRole("link", { name: /Waitlist.*waiting clients a free time fits/ }),
  ).toBeVisible();
  await matches.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?view=day&date=${date}&stylist=${morning.stylist.stylistId}`));

  await page.goto("/waitlist");
  await screenshotBothSizes(page, "waitlist", async (shown) => {
    await expect(entryCard(shown, client.name)).toBeVisible();
  });
  await entryCard(page, client.name)
    .getByRole("button", { name: `Remove ${client.name} from the waitlist` })
    .click();
  await expect(page.getByText("Removed from the waitlist").first()).toBeVisible();
  await expect(entryCard(page, client.name)).toHaveCount(0);
});

test("a refused booking offers Add to waitlist, filled in", async ({ page }) => {
  const date = weekdayAhead(1);
  const morning = await fullMorning(date);
  const client = await newClient(morning.token, `Rory Refused ${morning.tag}`);
  await signIn(
    page,
    ADMIN,
    `/calendar/appointments/new?clientId=${client.id}&date=${date}&time=10:00&stylistId=${morning.stylist.stylistId}&serviceId=${morning.service.id}`,
  );
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("already has");
  await dialog.getByRole("link", { name: "Add to waitlist" }).click();
  await expect(page).toHaveURL(/\/waitlist\?/);
  await expect(page.getByText(`Client: ${client.name}`)).toBeVisible();
  await expect(page.getByLabel("Service")).toHaveValue(String(morning.service.id));
  await expect(page.getByLabel("Stylist")).toHaveValue(String(morning.stylist.stylistId));
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(date);
  await page.getByRole("button", { name: "Add to waitlist" }).click();
  await expect(page.getByText("Added to the waitlist").first()).toBeVisible();
  await expect(entryCard(page, client.name)).toContainText(morning.service.name);
});

test("an entry for a service that needs a patch test says no offer goes out automatically", async ({ page }) => {
  const date = weekdayAhead(6);
  const morning = await fullMorning(date, { requiresPatchTest: true });
  const client = await newClient(morning.token, `Pia Patchless ${morning.tag}`);
  const entry = await entryByApi<{ needsPatchTest: boolean }>(morning, client.id, date);
  // Nothing fits yet: nothing to say.
  expect(entry.needsPatchTest).toBe(false);
  await freeBooking(morning.token, morning.booked[1]!.id);
  await signIn(page, ADMIN, "/waitlist");
  const card = entryCard(page, client.name);
  await expect(card.getByRole("list", { name: `Free times for ${client.name}` }).getByRole("link")).toHaveText([
    /10:00 AM with Wren/,
  ]);
  await expect(card).toContainText(
    `No offer goes out automatically: ${client.name} has no valid patch test for ${morning.service.name} at these times.`,
  );
  await screenshotBothSizes(page, "waitlist-patch-test", async () => {
    await expect(card).toContainText("No offer goes out automatically");
  });
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

  test("the first waiting client is e-mailed a link that holds the time; accepting books it", async ({
    page,
    browser,
  }) => {
    const date = weekdayAhead(2);
    const morning = await fullMorning(date);
    const settings = await apiCall(morning.token, "POST", "/api/salon-settings", {
      emailEnabled: true,
      smtpHost: "127.0.0.1",
      smtpPort: smtp.port,
      smtpSecurity: "none",
      emailFrom: "bookings@willow.test",
      waitlistAutoOffer: true,
      waitlistHoldMinutes: 30,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const client = await newClient(morning.token, `Olive Offered ${morning.tag}`, {
      email: `olive.${morning.tag}@example.com`,
    });
    await freeBooking(morning.token, morning.booked[1]!.id);
    // Adding the entry runs a pass at once: the freed 10:00 is offered by e-mail.
    await entryByApi(morning, client.id, date);
    await expect
      .poll(() => smtp.received.filter((mail) => mail.envelopeTo.includes(`olive.${morning.tag}@example.com`)).length)
      .toBe(1);
    const mail = smtp.received.find((received) => received.envelopeTo.includes(`olive.${morning.tag}@example.com`))!;
    const path = /\/waitlist\/offer\/[0-9]+\.[A-Za-z0-9_-]{32}/.exec(mail.mail.text ?? "")?.[0];
    expect(path, mail.mail.text).toBeTruthy();

    // The salon sees the offer on the Waitlist screen.
    await signIn(page, ADMIN, "/waitlist");
    await expect(entryCard(page, client.name)).toContainText(/Offered .*10:00 AM; held until/);

    // The client, not signed in, opens the link.
    const context = await browser.newContext();
    const offerPage = await context.newPage();
    await offerPage.goto(path!);
    await expect(offerPage.getByRole("heading", { level: 1 })).toContainText("a time for you");
    await expect(offerPage.getByText(morning.service.name)).toBeVisible();
    await screenshotBothSizes(offerPage, "waitlist-offer", async (shown) => {
      await expect(shown.getByRole("button", { name: "Book it" })).toBeVisible();
    });
    await offerPage.getByRole("button", { name: "Book it" }).click();
    await expect(offerPage.getByRole("status")).toHaveText(/You are booked/);
    await context.close();

    // Booked: the entry moves to the Booked tab, and the calendar has the appointment.
    await page.goto("/waitlist?status=booked");
    await expect(entryCard(page, client.name)).toBeVisible();
    const day = await apiCall<{ clientId: number | null; startTime: string }[]>(
      morning.token,
      "GET",
      `/api/appointments?from=${date}&to=${date}&stylistId=${morning.stylist.stylistId}`,
    );
    expect(day.status).toBe(200);
    expect(day.body.filter((appointment) => appointment.clientId === client.id)).toHaveLength(1);
  });
});

test("a display account sees no waitlist", async ({ page }) => {
  await signIn(page, DISPLAY, "/calendar");
  await expect(page.getByRole("link", { name: /^Waitlist/ })).toHaveCount(0);
  const response = await page.goto("/waitlist");
  expect(response?.status()).toBe(403);
});
