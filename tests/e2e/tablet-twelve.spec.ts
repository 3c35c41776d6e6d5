// The tablet shell (decision 0073): the day view of a 12-stylist salon on the tablet (1024×768), a
// laptop (1280×800) and a phone (390×844). The grid scrolls sideways under a sticky time
// column and sticky stylist headers. The demo salon here is seeded with 12 stylists.
import { mkdirSync } from "node:fs";
import { expectNoAxeViolations, PHONE, TABLET } from "./helpers";
import { DEMO_ADMIN, expect, nextTuesday, test, waitForGrid } from "./demo-salon";

test.use({ demoSeed: ["--stylists=12", "--clients=120", "--days-back=2", "--days-ahead=14"] });

const LAPTOP = { width: 1280, height: 800 };
const dayPath = `/calendar?view=day&date=${nextTuesday()}`;

test("with 12 stylists the day grid scrolls sideways and down under a sticky time column and sticky stylist headers", async ({
  page,
  demoLogin,
}) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, dayPath);
  await waitForGrid(page);
  const grid = page.getByTestId("day-grid");
  await expect(grid.locator(".col-head")).toHaveCount(12);
  const scroller = page.getByTestId("calendar-scroller");
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const box = (await scroller.boundingBox())!;
  const firstHead = grid.locator(".col-head").first();
  const timeLabel = grid.getByText("12:00 PM", { exact: true });
  const headY = (await firstHead.boundingBox())!.y;
  const timeX = (await timeLabel.boundingBox())!.x;

  await scroller.evaluate((element) => element.scrollBy(600, 400));
  // The headers stay at the top, the time column at the left, and the last stylist comes into view.
  expect((await firstHead.boundingBox())!.y).toBeCloseTo(headY, 0);
  await expect
    .poll(async () => (await grid.getByText("12:00 PM", { exact: true }).boundingBox())!.x)
    .toBeCloseTo(timeX, 0);
  // Blocks pass under them: what is on top at the time column's middle is the time column,
  // and at the top of the scroller a stylist's heading.
  const onTop = await page.evaluate(
    ({ x, y, headY: top }) => [
      document.elementFromPoint(x, y)?.closest("[data-testid=time-column]") != null,
      document.elementFromPoint(x + 200, top + 10)?.classList.contains("col-head") ?? false,
    ],
    { x: box.x + 30, y: box.y + box.height / 2, headY },
  );
  expect(onTop).toEqual([true, true]);
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const last = (await grid.locator(".col-head").last().boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  await expectNoAxeViolations(page);
});

test("screenshots of the 12-stylist day view at 1024×768, 1280×800 and 390×844", async ({ page, demoLogin, demo }) => {
  test.setTimeout(90_000);
  mkdirSync("screenshots", { recursive: true });
  await demoLogin(DEMO_ADMIN, dayPath);
  for (const [label, size] of [
    ["1024x768", TABLET],
    ["1280x800", LAPTOP],
    ["390x844", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`${demo.server.url}${dayPath}`);
    await waitForGrid(page);
    await page.screenshot({ path: `screenshots/tablet-day-12-${label}.png` });
  }
  // Scrolled to the right and down: what stays in place.
  await page.setViewportSize(TABLET);
  await page.goto(`${demo.server.url}${dayPath}`);
  await waitForGrid(page);
  await page.getByTestId("calendar-scroller").evaluate((element) => element.scrollBy(700, 300));
  await page.screenshot({ path: "screenshots/tablet-day-12-scrolled-1024x768.png" });
});

test("dragging a block to the right edge scrolls the 12 stylists sideways", async ({ page, demoLogin }) => {
  await page.setViewportSize(TABLET);
  await demoLogin(DEMO_ADMIN, dayPath);
  await waitForGrid(page);
  const scroller = page.getByTestId("calendar-scroller");
  const box = (await scroller.boundingBox())!;
  const block = page
    .getByTestId("day-grid")
    .locator("section")
    .first()
    .locator(".appt[data-id]:not(.sc-blocked)")
    .first();
  await block.scrollIntoViewIfNeeded();
  const from = (await block.boundingBox())!;
  const id = (await block.getAttribute("data-testid"))!;
  const left = await scroller.evaluate((element) => element.scrollLeft);
  await page.mouse.move(from.x + 10, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 6, { steps: 3 });
  await page.mouse.move(box.x + box.width - 10, from.y + 6, { steps: 6 });
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollLeft), { timeout: 20_000 })
    .toBeGreaterThan(left + 200);
  await expect(page.getByTestId("drag-ghost")).toBeVisible();
  // And back: at the left edge the grid scrolls back, and the block is let go where it was.
  await page.mouse.move(box.x + 2, from.y + 6, { steps: 6 });
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollLeft), { timeout: 20_000 })
    .toBeLessThanOrEqual(left);
  await page.mouse.move(from.x + 10, from.y + 6, { steps: 3 });
  await page.mouse.up();
  await expect(page.getByTestId("drag-ghost")).toHaveCount(0);
  // A move would show at once (optimistically) in another column or row.
  await expect(page.getByTestId("day-grid").locator("section").first().getByTestId(id)).toBeVisible();
  expect((await page.getByTestId(id).boundingBox())!.y).toBeCloseTo(from.y, 0);
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status")).toHaveCount(0);
});
