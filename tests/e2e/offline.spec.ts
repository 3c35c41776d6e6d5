// The Day view without a connection (decision 0124): kept by the service worker for today and
// the next two days, shown with a banner after a reload or a new page, forms refused; back
// online it revalidates in place; signing out or a session that ends leaves nothing behind.
// The display account's wall screen moves on at midnight by itself (decision 0125).
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { ADMIN, DISPLAY, STYLIST } from "./accounts";
import { apiRequest, bookByApi, calendarSetup, column, type CalendarSetup } from "./calendar-fixtures";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";
import { unique } from "./services-helpers";
import { workerDatabase } from "./sessions";

const setup = calendarSetup();
const BANNER =
  /^Offline: showing the day as of \d{1,2}:\d{2}( AM| PM)?\. Changes cannot be saved until the connection is back\.$/;

/** A new client booked with Sofia Stylist on `date` at `time`, through the API as the front desk would. */
async function bookNewClient(setup: CalendarSetup, name: string, date: string, time: string) {
  const phone = `07400 ${String(Math.floor(100000 + Math.random() * 899999))}`;
  const created = await apiRequest("POST", "/api/clients", setup.token, { name, phone });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await bookByApi({ ...setup, clientId: created.body.id as number }, date, time, "Sofia Stylist");
}

/** Waits until the service worker has kept `date`'s Day view. */
async function waitForKeptDay(page: Page, date: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = await caches.keys();
          const urls: string[] = [];
          for (const name of names) for (const key of await (await caches.open(name)).keys()) urls.push(key.url);
          return urls.map((url) => new URL(url).pathname).filter((path) => path.startsWith("/__offline/day/"));
        }),
      { timeout: 20_000 },
    )
    .toContain(`/__offline/day/${date}`);
}

/** Every URL in Cache Storage and every IndexedDB database, read from the page. */
async function storedData(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    const databases = await indexedDB.databases();
    return { urls, databases: databases.map((database) => database.name) };
  });
}

async function startAt(context: BrowserContext, time: string) {
  await context.clock.install({ time: new Date(time) });
}

test("the Day view opens offline from the tablet's copy, with the banner and no changes; back online it catches up", async ({
  page,
  context,
}) => {
  // The tablet's clock says 11 March 2031, 10:42 in London: its today and the next two days are kept.
  await startAt(context, "2031-03-11T10:42:00Z");
  const date = "2031-03-11";
  const first = `Offline Olive ${unique()}`;
  await bookNewClient(setup, first, date, "10:00");

  await signIn(page, STYLIST, `/calendar?view=day&date=${date}`);
  const sofia = column(page, "Sofia Stylist");
  await expect(sofia.getByText(first)).toBeVisible();
  await expect(page.getByRole("link", { name: /New Booking|Book/ })).toBeVisible();
  await waitForKeptDay(page, date);
  await waitForKeptDay(page, "2031-03-13");

  await context.setOffline(true);
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toHaveText(BANNER);
  await expect(banner).toContainText("as of 10:4");
  // Nothing that changes the day: no new booking, no drag (the blocks are not writable).
  await expect(page.getByRole("link", { name: /New Booking|Book/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await expect(banner).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-offline-banner.png` });
  }
  await page.setViewportSize(TABLET);

  // Meanwhile the salon books another client (the server is up; this tablet is not).
  const second = `Online Oscar ${unique()}`;
  await bookNewClient(setup, second, date, "14:00");

  // A reload while offline: the kept copy (without the new booking), with the banner.
  await page.reload();
  await expect(sofia.getByText(first)).toBeVisible();
  await expect(banner).toHaveText(BANNER);
  await expect(sofia.getByText(second)).toHaveCount(0);

  // A new page (the browser restarted on the tablet): the same.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/calendar?view=day&date=${date}`);
  await expect(column(again, "Sofia Stylist").getByText(first)).toBeVisible();
  await expect(again.getByTestId("offline-banner")).toHaveText(BANNER);

  // The next day is kept too; another screen says it needs the connection.
  await again.goto(`/calendar?view=day&date=2031-03-12`);
  await expect(again.getByTestId("offline-banner")).toHaveText(BANNER);
  await again.goto("/clients");
  await expect(again.getByRole("heading", { name: "This screen needs the connection" })).toBeVisible();
  await again.goto(`/calendar?view=day&date=${date}`);
  await expect(column(again, "Sofia Stylist").getByText(first)).toBeVisible();

  // A form is refused with the reason while offline (the search stays: it only reads). The
  // refusal is the hydrated page's: it marks the document offline as it starts listening.
  await expect(again.locator("html")).toHaveAttribute("data-offline", "");
  await again.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/calendar";
    document.body.append(form);
    form.requestSubmit();
  });
  await expect(again.getByText("Changes cannot be saved until the connection is back.").first()).toBeVisible();

  // Back online the page shows the booking made meanwhile, without a reload.
  await again.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await context.setOffline(false);
  await expect(again.getByTestId("offline-banner")).toHaveCount(0);
  await expect(column(again, "Sofia Stylist").getByText(second)).toBeVisible({ timeout: 15_000 });
  expect(await again.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Signing out leaves nothing of the salon in Cache Storage or IndexedDB.
  await again
    .getByRole("button", { name: /Sign out/i })
    .first()
    .click();
  await expect(again).toHaveURL(/\/auth/);
  await context.setOffline(true);
  await expect.poll(() => storedData(again)).toEqual({ urls: [], databases: [] });
  await context.setOffline(false);
});

test("a booking's data comes straight from the network; a Day view's passes through the worker (decision 0136)", async ({
  page,
  context,
}) => {
  await startAt(context, "2031-03-25T09:15:00Z");
  const date = "2031-03-25";
  const name = `Straight Sam ${unique()}`;
  await bookNewClient(setup, name, date, "11:00");
  await signIn(page, ADMIN, `/calendar?view=day&date=${date}`);
  await waitForKeptDay(page, date);

  const booking = page.waitForResponse((response) => /\/calendar\/appointments\/\d+\.data/.test(response.url()));
  await column(page, "Sofia Stylist")
    .getByRole("link", { name: new RegExp(name) })
    .click();
  expect((await booking).fromServiceWorker()).toBe(false);
  const dialog = page.getByRole("dialog", { name: "Edit Appointment" });
  await expect(dialog.getByLabel("Client name")).toHaveValue(name);
  await dialog.getByRole("link", { name: "Close", exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const day = page.waitForResponse((response) => new URL(response.url()).pathname === "/calendar.data");
  await page.getByRole("link", { name: "Next day" }).click();
  expect((await day).fromServiceWorker()).toBe(true);
});

test("a session that ends clears the tablet's copy; the manifest names the salon", async ({ page, context }) => {
  await startAt(context, "2031-03-18T09:15:00Z");
  await signIn(page, STYLIST, "/calendar?view=day&date=2031-03-18");
  await waitForKeptDay(page, "2031-03-18");
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!;
    return (await fetch(link.href)).json();
  });
  expect(manifest).toMatchObject({ display: "standalone", start_url: "/calendar" });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );

  // The stylist's sessions end (expired, or the account removed): the next visit lands on sign-in.
  const db = await workerDatabase();
  await db.execute({
    sql: "delete from sessions where user_id = (select id from users where email = ?)",
    args: [STYLIST.email],
  });
  await page.goto("/calendar?view=day&date=2031-03-18");
  await expect(page).toHaveURL(/\/auth/);
  await expect.poll(async () => (await storedData(page)).urls.filter((url) => url.includes("/__offline/"))).toEqual([]);
});

test("the wall screen stays awake, moves on at the salon's midnight and recovers from an outage by itself", async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    const record = window as unknown as { wakeLocks: number };
    record.wakeLocks = 0;
    Object.defineProperty(navigator, "wakeLock", {
      configurable: true,
      value: {
        request: async () => {
          record.wakeLocks += 1;
          return { release: async () => undefined };
        },
      },
    });
  });
  await startAt(context, "2031-03-19T23:58:00Z");
  const name = `Midnight Mia ${unique()}`;
  await bookNewClient(setup, name, "2031-03-20", "09:00");

  await signIn(page, DISPLAY, "/calendar?view=day&date=2031-03-19");
  await waitForKeptDay(page, "2031-03-20");
  await expect(page.getByRole("heading", { name: "Day Schedule" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { wakeLocks: number }).wakeLocks))
    .toBeGreaterThan(0);
  await expect(column(page, "Sofia Stylist").getByText(name)).toHaveCount(0);

  // Past midnight in London: the next day, without a touch.
  await page.clock.fastForward("03:00");
  await expect(page).toHaveURL(/date=2031-03-20/);
  await expect(column(page, "Sofia Stylist").getByText(name)).toBeVisible();

  // An outage, a change meanwhile, the connection back: the screen shows it by itself.
  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  const later = `Recovered Rex ${unique()}`;
  await bookNewClient(setup, later, "2031-03-20", "11:00");
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  await expect(column(page, "Sofia Stylist").getByText(later)).toBeVisible({ timeout: 15_000 });
});
