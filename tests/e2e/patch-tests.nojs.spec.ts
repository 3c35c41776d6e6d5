// Patch tests without JavaScript (decision 0126): the booking form re-renders with the
// warning and "Book anyway", the block is marked, and the profile's form records a test.
import { test } from "@playwright/test";
import { calendarSetup } from "./calendar-fixtures";
import { bookThroughWarning, colourAndClient, expectMarker, recordOnProfile } from "./patch-test-helpers";

const setup = calendarSetup();

test("without JavaScript a colour without a patch test is warned, booked anyway, marked, and a test is recorded", async ({
  page,
}) => {
  const booking = await colourAndClient(setup, "07400 934102");
  await bookThroughWarning(page, setup, "2031-04-09", booking);
  await expectMarker(page, "2031-04-09", booking.clientName, false);
  await recordOnProfile(page, booking.clientId);
});
