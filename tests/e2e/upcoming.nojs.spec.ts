import { test } from "@playwright/test";
import { walkUpcoming } from "./upcoming-helpers";

test("'View All Appointments' pages with plain links without JavaScript", async ({ page }) => {
  await walkUpcoming(page, "nojs");
});
