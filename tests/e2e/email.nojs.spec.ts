// E-mail on the Reminders screen without JavaScript: the section is a plain POST to /sms;
// refusals come back with the form, the preview is the server's rendering of what is saved.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { turnEmailOff } from "./email-helpers";

test.afterAll(turnEmailOff);

test("an admin saves the e-mail settings and a message without JavaScript", async ({ page }) => {
  await signIn(page, ADMIN, "/sms");
  const section = page.getByRole("region", { name: "E-mail" });
  await section.getByLabel("SMTP server").fill("smtp.willow.test");
  await section.getByLabel("Port").fill("70000");
  await section.getByLabel("From address").fill("bookings@willow.test");
  await section.getByRole("button", { name: "Save E-mail Settings" }).click();
  await expect(page.getByText("Use a port from 1 to 65535")).toBeVisible();

  const again = page.getByRole("region", { name: "E-mail" });
  await again.getByLabel("Port").fill("587");
  await again.getByText("Booking confirmation", { exact: true }).click();
  await again.getByLabel("Subject").first().fill("Booked: {serviceName} on {appointmentDate}");
  await again.getByRole("button", { name: "Save E-mail Settings" }).click();
  await expect(page.getByText("The e-mail settings have been saved.")).toBeVisible();
  const saved = page.getByRole("region", { name: "E-mail" });
  await expect(saved.getByLabel("SMTP server")).toHaveValue("smtp.willow.test");
  await expect(saved.getByTestId("email-preview-confirmation").getByTestId("email-preview-subject")).toContainText(
    "Booked: ",
  );

  // No test without a From address and host saved: the button says why.
  await expect(page.getByRole("region", { name: "Test E-mail" }).getByRole("button")).toBeEnabled();
});
