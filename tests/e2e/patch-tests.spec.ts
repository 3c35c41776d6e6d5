// Patch tests with JavaScript (decision 0126): the booking dialog warns, "Book anyway"
// books, the block is marked, and a test is recorded on the client profile.
import { test } from "@playwright/test";
import { calendarSetup } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, TABLET, waitForModal } from "./helpers";
import { bookThroughWarning, colourAndClient, expectMarker, recordOnProfile } from "./patch-test-helpers";

const setup = calendarSetup();

test("a colour without a patch test is warned, booked anyway, marked, and a test is recorded", async ({ page }) => {
  await page.setViewportSize(TABLET);
  const booking = await colourAndClient(setup, "07400 934101");
  await bookThroughWarning(page, setup, "2031-04-08", booking, async () => {
    await waitForModal(page);
    await page.getByRole("alert").filter({ hasText: "needs a passed patch test" }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "screenshots/patch-test-warning-1024x768.png" });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: "screenshots/patch-test-warning-390x844.png" });
    await page.setViewportSize(TABLET);
  });
  await expectMarker(page, "2031-04-08", booking.clientName);
  await recordOnProfile(page, booking.clientId);
  await page.screenshot({ path: "screenshots/patch-tests-profile-1024x768.png", fullPage: true });
});
