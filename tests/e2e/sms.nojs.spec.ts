// SMS Reminders without JavaScript: every form is a plain POST to /sms.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { firstTestChoice, turnSmsOff, upcomingAppointment } from "./sms-helpers";

test.afterAll(turnSmsOff);

test("an admin saves settings, switches a stylist off and tries a test without JavaScript", async ({ page }) => {
  const { stylist } = await upcomingAppointment();
  await signIn(page, ADMIN, "/sms");

  const template = page.getByLabel("Message template");
  await template.fill("Hello {client}");
  await page.getByRole("button", { name: "Save SMS Settings" }).click();
  await expect(page.getByText("Unknown variable {client}.", { exact: false })).toBeVisible();

  await page.getByLabel("Message template").fill("Hello {clientName}, see you {appointmentDate} at {appointmentTime}.");
  await page.getByRole("switch", { name: "Enable SMS reminders" }).check();
  await page.getByLabel("SMS provider").selectOption("plivo");
  await page.getByLabel("From number or sender name").fill("WillowSalon");
  await page.getByLabel("API key").fill("MAE2EAUTHID");
  await page.getByLabel("API secret").fill("nojs-secret");
  await page.getByRole("button", { name: "Save SMS Settings" }).click();
  await expect(page.getByText("The SMS settings have been saved.")).toBeVisible();
  await expect(page.getByTestId("sms-preview")).toContainText("Hello ");
  await expect(page.getByRole("region", { name: "System Status" })).toContainText("Enabled");

  const toggle = page.getByRole("switch", { name: `SMS reminders for ${stylist.name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(page.getByText(`SMS reminders for ${stylist.name}'s clients are off.`)).toBeVisible();
  await expect(page.getByRole("switch", { name: `SMS reminders for ${stylist.name}` })).toHaveAttribute(
    "aria-checked",
    "false",
  );

  const test = page.getByRole("region", { name: "Test SMS" });
  await test.getByRole("button", { name: "Send Test SMS" }).click();
  await expect(page.getByText("Please choose an appointment to test.")).toBeVisible();
  // Each choice names the client and the phone the text goes to, with no script to say so.
  const picker = test.getByLabel("Appointment", { exact: true });
  const { appointmentId, label } = await firstTestChoice(picker);
  expect(label).toMatch(/ – .+ \(\+?[\d ]+\)$/);
  await picker.selectOption(appointmentId);
  await page.getByRole("button", { name: "Send Test SMS" }).click();
  await expect(page.getByText(/Test failed: Could not reach Plivo/)).toBeVisible();
  // The failed attempt keeps the choice.
  await expect(page.getByLabel("Appointment", { exact: true })).toHaveValue(String(appointmentId));
});
