import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, PHONE, TABLET } from "./helpers";
import { openUpcoming, walkUpcoming } from "./upcoming-helpers";

test("'View All Appointments' pages with Next page and First page links in its dialog", async ({ page }) => {
  await walkUpcoming(page, "js");
});

for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`the second page of 'View All Appointments' at ${label} size has no accessibility violations`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const { pages } = await openUpcoming(page);
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(pages.getByRole("link", { name: "First page" })).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-upcoming-page-2.png` });
    await expectNoAxeViolations(page);
  });
}
