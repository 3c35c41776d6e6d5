// E-mail on the Reminders screen with JavaScript: the SMTP settings, the messages' live
// previews, the test e-mail through a real SMTP server; and an e-mail's HTML part as
// Chromium renders it at a phone's and a tablet's width.
import { expect, test } from "@playwright/test";
import { renderEmail } from "../../app/domain/email-templates.server";
import { ADMIN } from "./accounts";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import { startFakeSmtp, type FakeSmtp } from "../smtp-fake-server";
import { turnEmailOff } from "./email-helpers";
import { apiRequest, apiToken, calendarFixtures, londonInstant, stylistIds } from "./calendar-fixtures";
import { createClientViaApi } from "./client-helpers";
import { screenshotBothSizes, uniquePhone } from "./services-helpers";
import { addDays, todayInZone } from "../../app/lib/salon-time";

let smtp: FakeSmtp;
test.beforeAll(async () => {
  smtp = await startFakeSmtp();
});
test.afterAll(async () => {
  await turnEmailOff();
  await smtp.close();
});

test("an admin sets up e-mail, edits a message with its live preview and sends a test", async ({ page }) => {
  await signIn(page, ADMIN, "/sms");
  await expect(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
  const section = page.getByRole("region", { name: "E-mail" });
  await section.getByLabel("SMTP server").fill("127.0.0.1");
  await section.getByLabel("Port").fill(String(smtp.port));
  await section.getByLabel("Security").selectOption("none");
  await section.getByLabel("SMTP password").fill("e2e-smtp-secret");
  await section.getByLabel("From address").fill("bookings@willow.test");

  // The reminder's subject and text, previewed as typed.
  await section.getByText("Reminder", { exact: true }).click();
  const preview = section.getByTestId("email-preview-reminder");
  await section.getByLabel("Subject").last().fill("See you soon, {clientName} {clientname}");
  await expect(section.getByText("Unknown variable {clientname}.", { exact: false })).toBeVisible();
  await section.getByLabel("Subject").last().fill("See you {appointmentDate}, {clientName}");
  await expect(section.getByText("Unknown variable", { exact: false })).toHaveCount(0);
  await expect(preview.getByTestId("email-preview-subject")).toContainText("See you ");
  await section.getByLabel("Text").last().fill("Hello {clientName}, {serviceName} at {appointmentTime}.");
  await expect(preview.getByTestId("email-preview-text")).toContainText("When: ");
  await expect(preview.getByTestId("email-preview-text")).toContainText("time)");

  await section.getByRole("switch", { name: "Enable e-mail to clients" }).check();
  await section.getByRole("button", { name: "Save E-mail Settings" }).click();
  await expect(page.getByText("The e-mail settings have been saved.")).toBeVisible();
  const saved = page.getByRole("region", { name: "E-mail" });
  await expect(saved.getByLabel("SMTP password")).toHaveValue("");
  await expect(saved.getByLabel("SMTP password")).toHaveAttribute("placeholder", "Saved (leave blank to keep)");
  expect(await page.content()).not.toContain("e2e-smtp-secret");

  const testCard = page.getByRole("region", { name: "Test E-mail" });
  await testCard.getByLabel("Send to").fill("owner@willow.test");
  await testCard.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(page.getByText("Test e-mail sent to owner@willow.test", { exact: false })).toBeVisible();
  expect(smtp.received.map((message) => message.envelopeTo)).toContainEqual(["owner@willow.test"]);
  await expect(page.getByRole("region", { name: "Test E-mail" }).getByTestId("email-status")).toContainText(/\d+ sent/);

  // The server's own refusal is shown.
  smtp.refuseNext(550, "5.1.1 Mailbox unavailable");
  await page.getByRole("region", { name: "Test E-mail" }).getByLabel("Send to").fill("nobody@willow.test");
  await page.getByRole("region", { name: "Test E-mail" }).getByRole("button", { name: "Send test e-mail" }).click();
  await expect(page.getByText("5.1.1 Mailbox unavailable", { exact: false }).first()).toBeVisible();

  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `screenshots/${label}-reminders-email.png`, fullPage: true });
  }
  await page.setViewportSize(TABLET);
  await expectNoAxeViolations(page);
});

test("an e-mail's HTML part reads well at 390 and 1024 pixels wide", async ({ page }) => {
  const values = {
    clientName: "Ada <b>Lovelace</b>",
    serviceName: "Cut & Blow Dry",
    stylistName: "Sofia Silva",
    salonName: "Willow & Shear",
    appointmentDate: "Monday, October 26, 2026",
    appointmentTime: "10:00 AM",
  };
  for (const message of ["confirmation", "reminder"] as const) {
    const { html } = renderEmail(message, {}, values, {
      timeZone: "Europe/London",
      manageUrl: "https://salon.example/book/manage/abc",
      unsubscribeUrl: message === "reminder" ? "https://salon.example/unsubscribe/1.x" : null,
    });
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 844 });
      await page.setContent(html);
      await expect(page.getByText("Hi Ada <b>Lovelace</b>,")).toBeVisible();
      await expect(page.getByRole("link", { name: "Change or cancel" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `screenshots/email-${message}-${width}.png`, fullPage: true });
    }
  }
});

test("the delete confirmation says a client e-mailed about a booking is not told of its delete", async ({
  page,
  request,
}) => {
  const token = await apiToken();
  const enabled = await apiRequest("POST", "/api/salon-settings", token, {
    emailEnabled: true,
    smtpHost: "127.0.0.1",
    smtpPort: smtp.port,
    smtpSecurity: "none",
    emailFrom: "bookings@willow.test",
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const client = await createClientViaApi(request, token, {
    name: `Dora Deleted ${Date.now()}`,
    phone: uniquePhone(),
    email: "dora@willow.test",
    consentType: "service",
  });
  const { services } = await calendarFixtures();
  const stylists = await stylistIds(token);
  const booked = await apiRequest("POST", "/api/appointments", token, {
    clientId: client.id,
    stylistId: stylists["Sofia Stylist"],
    serviceId: services["Cut & Finish"],
    startTime: londonInstant(addDays(todayInZone("Europe/London"), 40), "10:00"),
    availabilityOverride: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  await signIn(page, ADMIN, `/calendar/appointments/${booked.body.id}?view=day&confirm=delete`);
  const confirmation = page.getByRole("alertdialog", { name: "Delete this appointment?" });
  await expect(confirmation).toContainText(
    "The client is not e-mailed about a deleted appointment. To tell them, set its status to Cancelled and save instead.",
  );
  await screenshotBothSizes(page, "delete-appointment-untold", async (shown) => {
    await expect(shown.getByRole("button", { name: "Delete Appointment" })).toBeInViewport();
  });
});
