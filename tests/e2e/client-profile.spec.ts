// No-shows and the client profile with JavaScript on (decisions 0082, 0083): marking a
// no-show and its look in the calendar, and the client profile (figures, paged history,
// 'Book again', reached from the client card and the booking dialog); display accounts get
// no profile.
import { expect, test } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { expectToast, scrollToTime } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, signIn, TABLET, waitForModal } from "./helpers";
import { profileSalon, PROFILE_TOTAL_SPENT } from "./profile-helpers";

test("mark a past appointment a no-show: the block and the week's summary show it", async ({ page }) => {
  const salon = await profileSalon();
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/calendar?view=day&date=${salon.pastDate}`);
  await scrollToTime(page, "21:00");
  const block = page.getByTestId(`appointment-${salon.pendingId}`);
  await block.click();
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await waitForModal(page);
  await dialog.getByLabel("Status").selectOption({ label: "No-show" });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Appointment updated successfully");
  await expect(block).toContainText("No-show");
  await expect(block).toHaveClass(/appt-no-show/);
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "screenshots/no-show-day-1024.png" });

  // Sofia's week, whether the week draws every stylist or one at a time (other specs add stylists).
  await page.goto(`/calendar?view=week&date=${salon.pastDate}&stylist=${salon.sofia}`);
  await expect(
    page
      .getByTestId("week-view")
      .getByRole("link", { name: /1 no-show/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: "screenshots/no-show-week-1024.png" });
});

test("the client profile: from the client card, figures, paged history, Book again", async ({ page }) => {
  const salon = await profileSalon();
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/clients?q=${encodeURIComponent(salon.clientName)}`);
  await expect(page.getByText("1 no-show", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: salon.clientName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${salon.clientId}$`));
  await expect(page.getByRole("heading", { level: 1, name: salon.clientName })).toBeVisible();
  await expect(page.getByText(PROFILE_TOTAL_SPENT)).toBeVisible();
  await expect(page.getByText(/^Last visit .*December 10, 2025$/)).toBeVisible();
  await expect(page.getByText("Likes a quiet chair")).toBeVisible();
  const past = page.getByRole("list", { name: "Past appointments" });
  const upcoming = page.getByRole("list", { name: "Upcoming appointments" });
  await expect(upcoming.getByRole("listitem")).toHaveCount(2);
  await expect(past.getByRole("listitem")).toHaveCount(10);
  await expect(past.getByRole("listitem").first()).toContainText("January");
  await expect(past.getByText("No-show")).toBeVisible();
  await page.screenshot({ path: "screenshots/client-profile-1024.png", fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "screenshots/client-profile-390.png", fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize(TABLET);

  const pastPages = page.getByRole("navigation", { name: "Past appointments pages" });
  await pastPages.getByRole("link", { name: "Next page" }).click();
  await expect(past.getByRole("listitem")).toHaveCount(4);
  await expect(upcoming.getByRole("listitem")).toHaveCount(2);
  await pastPages.getByRole("link", { name: "First page" }).click();
  await expect(past.getByRole("listitem")).toHaveCount(10);

  // Book again: the client, the last visit's service (Theo's cut in December) and stylist.
  await page.getByRole("link", { name: "Book again" }).click();
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await waitForModal(page);
  await expect(dialog.getByRole("combobox", { name: "Client name" })).toHaveValue(salon.clientName);
  await expect(dialog.getByText("Existing client")).toBeVisible();
  await expect(dialog.getByLabel("Service")).toHaveValue(/\d+/);
  await expect(dialog.getByLabel("Service").locator("option:checked")).toHaveText(new RegExp(salon.serviceName));
  await expect(dialog.getByLabel("Stylist", { exact: true })).toHaveValue(String(salon.theo));
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("60");
  // The booking dialog links the chosen client to the profile.
  await dialog.getByRole("link", { name: `View profile of ${salon.clientName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${salon.clientId}$`));

  // The header search's client dialog (its upcoming appointments) links the profile too.
  await page.goto(`/calendar/upcoming?view=day&date=2026-11-23&client=${salon.clientId}`);
  const upcomingDialog = page.getByRole("dialog", { name: `Upcoming Appointments for ${salon.clientName}` });
  await waitForModal(page);
  await upcomingDialog.getByRole("link", { name: `${salon.clientName}'s profile` }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${salon.clientId}$`));
});

test("display accounts get no profile and no link to one", async ({ page }) => {
  const salon = await profileSalon();
  await signIn(page, DISPLAY, `/clients?q=${encodeURIComponent(salon.clientName)}`);
  await expect(page.getByRole("heading", { name: salon.clientName })).toBeVisible();
  await expect(page.getByRole("link", { name: salon.clientName, exact: true })).toHaveCount(0);
  await page.goto(`/clients/${salon.clientId}`);
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText(PROFILE_TOTAL_SPENT)).toHaveCount(0);
});
