// Repeat bookings with JavaScript (decision 0087): the dialog previews every occurrence,
// marks the clash, and books the free ones, which then show in the calendar.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { calendarSetup, column, expectToast } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, signIn, TABLET, waitForModal } from "./helpers";
import { bookClash, expectPreview, fillRepeat, SOFIA } from "./repeat-helpers";

const setup = calendarSetup();

test("book a weekly repeat: the preview marks the clash and the free ones are booked", async ({ page }) => {
  // Tuesdays in February 2029 (GMT; a month no other spec books in); the second is taken.
  await bookClash(setup, "2029-02-13");
  await signIn(page, ADMIN, "/calendar?view=day&date=2029-02-06");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  // Without the box ticked the details stay hidden.
  await expect(dialog.getByLabel("Every")).toHaveCount(0);
  await fillRepeat(dialog, "Rhea Repeat", "07400 900861", 3);
  await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await page.screenshot({ path: "screenshots/repeat-section-tablet.png" });
  await dialog.getByRole("button", { name: "Preview dates" }).click();

  await expectPreview(dialog, [
    ["Tuesday, February 6, 2029 at 10:00 AM", "Free"],
    ["Tuesday, February 13, 2029 at 10:00 AM", "Not available"],
    ["Tuesday, February 20, 2029 at 10:00 AM", "Free"],
  ]);
  await expect(dialog.getByText("2 of 3 dates can be booked")).toBeVisible();
  const book = dialog.getByRole("button", { name: "Book 2 appointments" });
  await expect(book).toBeInViewport();
  await page.screenshot({ path: "screenshots/repeat-preview-tablet.png" });
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expect(book).toBeInViewport();
  await page.screenshot({ path: "screenshots/repeat-preview-phone.png" });
  await page.setViewportSize(TABLET);

  await book.click();
  // The clash, still there, is reported again.
  await expectToast(page, "2 appointments booked; not booked: Tuesday, February 13, 2029 at 10:00 AM");
  await expect(dialog).toBeHidden();
  await expect(column(page, SOFIA).getByRole("link", { name: /Rhea Repeat/ })).toContainText("10:00 AM – 11:00 AM");
  await page.goto("/calendar?view=day&date=2029-02-20");
  await expect(column(page, SOFIA).getByRole("link", { name: /Rhea Repeat/ })).toBeVisible();
  await page.goto("/calendar?view=day&date=2029-02-13");
  await expect(column(page, SOFIA).getByRole("link", { name: /Rhea Repeat/ })).toHaveCount(0);
});

test("an occurrence's edit dialog asks which appointments of the series a change is for", async ({ page }) => {
  await signIn(page, ADMIN, "/calendar?view=day&date=2029-02-27");
  await page.getByRole("link", { name: "New Booking", exact: true }).click();
  await waitForModal(page);
  const dialog = page.getByRole("dialog", { name: "New Appointment" });
  await fillRepeat(dialog, "Stella Series", "07400 900862", 2);
  await dialog.getByRole("button", { name: "Preview dates" }).click();
  await dialog.getByRole("button", { name: "Book 2 appointments" }).click();
  await expectToast(page, "2 appointments booked successfully");

  await column(page, SOFIA)
    .getByRole("link", { name: /Stella Series/ })
    .click();
  await waitForModal(page);
  const edit = page.getByRole("dialog", { name: "Edit Appointment" });
  const choice = edit.getByRole("group", { name: "Change which appointments of this series?" });
  await expect(choice.getByLabel("This appointment only")).toBeChecked();
  await choice.getByLabel("This and following").check();
  await edit.getByLabel("Time", { exact: true }).selectOption("14:00");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Appointment updated successfully");
  await page.goto("/calendar?view=day&date=2029-03-06");
  await expect(column(page, SOFIA).getByRole("link", { name: /Stella Series/ })).toContainText("2:00 PM – 3:00 PM");
});
