// SMS Reminders with JavaScript: settings with a live preview, Test SMS, stylist
// preferences, the status card and the log; stylists are refused.
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { signIn } from "./helpers";
import { screenshotBothSizes } from "./services-helpers";
import { firstTestChoice, turnSmsOff, upcomingAppointment } from "./sms-helpers";

test.afterAll(turnSmsOff);

test("an admin sets up reminders, previews the text, sends a test and sees it in the log", async ({ page }) => {
  const { stylist } = await upcomingAppointment();
  await turnSmsOff();
  await signIn(page, ADMIN, "/sms");
  await expect(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();

  const provider = page.getByLabel("SMS provider");
  await expect(provider.locator("option")).toHaveText([
    "Plivo (£0.0035 per message, recommended)",
    "Twilio (£0.0463 per message)",
    "MessageBird (£0.045 per message)",
  ]);
  await expect(page.getByLabel("Send reminder").locator("option")).toHaveText([
    "2 hours before",
    "4 hours before",
    "12 hours before",
    "24 hours before (recommended)",
    "48 hours before",
  ]);
  await expect(page.getByRole("button", { name: "Send Test SMS" })).toBeDisabled();

  // The live preview follows the template, counts segments and names unknown variables.
  const template = page.getByLabel("Message template");
  await template.fill("Hi {clientName}, see you {appointmentTime} {clientname}");
  await expect(page.getByText("Unknown variable {clientname}.", { exact: false })).toBeVisible();
  await template.fill(
    "Hi {clientName}, {serviceName} at {salonName} on {appointmentDate} at {appointmentTime} with {stylistName}. Reply STOP to opt out.",
  );
  await expect(page.getByText("Unknown variable", { exact: false })).toHaveCount(0);
  await expect(page.getByTestId("sms-preview")).toContainText("Reply STOP to opt out.");
  // The preview fills in the next appointment, whose names other specs may have made long.
  await expect(page.getByText(/\d+ characters, \d SMS \(GSM-7\)/)).toBeVisible();
  await template.fill("Hi {clientName}, see you at {appointmentTime}. Reply STOP to opt out.");
  await expect(page.getByText(/\d+ characters, 1 SMS \(GSM-7\)/)).toBeVisible();
  await template.fill("Hi {clientName} 😀");
  await expect(page.getByText(/characters, 1 SMS \(UCS-2\)/)).toBeVisible();
  await template.fill(
    "Hi {clientName}, {serviceName} on {appointmentDate} at {appointmentTime}. Reply STOP to opt out.",
  );

  await page.getByRole("switch", { name: "Enable SMS reminders" }).check();
  await provider.selectOption("twilio");
  await page.getByLabel("From number or sender name").fill("07400 900001");
  await page.getByLabel("API key").fill("AC00000000000000000000000000000000");
  await page.getByLabel("API secret").fill("e2e-secret-never-shown");
  await page.getByRole("button", { name: "Save SMS Settings" }).click();
  await expect(page.getByText("The SMS settings have been saved.")).toBeVisible();
  await expect(page.getByLabel("API secret")).toHaveValue("");
  await expect(page.getByLabel("API secret")).toHaveAttribute("placeholder", "Saved (leave blank to keep)");
  expect(await page.content()).not.toContain("e2e-secret-never-shown");
  const status = page.getByRole("region", { name: "System Status" });
  await expect(status).toContainText("Enabled");
  await expect(status).toContainText("Complete");

  // Test SMS: an appointment picked from the upcoming ones, naming whose phone the text goes
  // to; nothing picked is refused; then a real attempt (the tests' provider address refuses).
  const test = page.getByRole("region", { name: "Test SMS" });
  await expect(test.getByLabel("Appointment ID")).toHaveCount(0);
  const picker = test.getByLabel("Appointment", { exact: true });
  const { appointmentId, label, clientName, phone, phoneE164 } = await firstTestChoice(picker);
  expect(label).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M – .+ \(\+?[\d ]+\)$/);
  await test.getByRole("button", { name: "Send Test SMS" }).click();
  await expect(test.getByText("Please choose an appointment to test.")).toBeVisible();
  await picker.selectOption(appointmentId);
  await expect(test.getByTestId("sms-test-recipient")).toContainText(`Goes to ${clientName}'s phone, ${phone}`);
  await test.getByRole("button", { name: "Send Test SMS" }).click();
  await expect(test.getByText(/Test failed: Could not reach Twilio/)).toBeVisible();
  const log = page.getByRole("region", { name: "Message Log" });
  await expect(log.getByRole("listitem").first()).toContainText(`Test for appointment #${appointmentId}`);
  await expect(log.getByRole("listitem").first()).toContainText(phoneE164);
  await expect(log.getByRole("listitem").first()).toContainText("Failed");

  // A stylist's preference switch.
  const preferences = page.getByRole("region", { name: "Stylist Preferences" });
  const toggle = preferences.getByRole("switch", { name: `SMS reminders for ${stylist.name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(preferences.getByRole("switch", { name: `SMS reminders for ${stylist.name}` })).toHaveAttribute(
    "aria-checked",
    "false",
  );

  await screenshotBothSizes(page, "sms", async (p) => {
    await p
      .getByRole("region", { name: "Test SMS" })
      .screenshot({ path: `screenshots/sms-test-picker-${p.viewportSize()!.width}.png` });
    await expect(p.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
  });
});

test("the same settings are editable under Settings, Salon", async ({ page }) => {
  await signIn(page, ADMIN, "/settings/salon");
  await expect(page.getByLabel("Message template")).toBeVisible();
  await page.getByLabel("Message template").fill("Hi {clientName} {nope}");
  await page.getByRole("button", { name: "Save All Settings" }).click();
  await expect(page.getByText("Unknown variable {nope}.", { exact: false })).toBeVisible();
});

test("stylists see Access Denied", async ({ page }) => {
  await signIn(page, STYLIST, "/sms");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("Only administrators can access SMS reminder settings.")).toBeVisible();
});
