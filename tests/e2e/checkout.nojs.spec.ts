// Checkout without JavaScript (decision 0119): every step is a submit the server answers
// with the sale as it now stands and its totals; "Take payment" records it and goes to the
// receipt (a second submit of the same screen: tests/integration/checkout-screen.test.ts).
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiRequest, calendarSetup } from "./calendar-fixtures";
import { bookFor, clientOfOwn, productForSale } from "./checkout-helpers";
import { PHONE, signIn, TABLET } from "./helpers";

const setup = calendarSetup();
// Many steps, each a round trip, and axe at two sizes on a shared machine.
test.setTimeout(180_000);
const DAY = "2033-01-11";

test("an appointment checked out without JavaScript: a product, a split tip, cash and card with change", async ({
  page,
}) => {
  const client = await clientOfOwn(setup, "Nojs Checkout Client");
  const appointment = await bookFor(setup, client.id, "Sofia Stylist", DAY, "11:00");
  const serum = await productForSale(setup, "Nojs Serum", 1500, 7);
  await page.setViewportSize(TABLET);
  await signIn(page, ADMIN, `/calendar/appointments/${appointment.id}?view=day&date=${DAY}`);
  await page.getByRole("dialog").getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page.getByTestId("checkout-title")).toContainText(client.name);

  await page.getByLabel("Find a product").fill(serum.name);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("button", { name: `Add ${serum.name}, £15.00, 7 in stock` }).click();
  await expect(page.getByTestId("total")).toHaveText("£60.00");
  await page.getByLabel("Stylist to tip").selectOption({ label: "Theo Trimmer" });
  await page.getByRole("button", { name: "Add to tip" }).click();
  await page.getByLabel("Tip to split").fill("7");
  await page.getByRole("button", { name: "Split between 2" }).click();
  await expect(page.getByRole("textbox", { name: "Tip for Sofia Stylist", exact: true })).toHaveValue("3.50");
  await expect(page.getByRole("textbox", { name: "Tip for Theo Trimmer", exact: true })).toHaveValue("3.50");

  await page.getByRole("button", { name: "Add a card payment" }).click();
  await expect(page.getByRole("textbox", { name: "Card payment 1", exact: true })).toHaveValue("67.00");
  await page.getByRole("textbox", { name: "Card payment 1", exact: true }).fill("40");
  await page.getByRole("button", { name: "Add a cash payment" }).click();
  await expect(page.getByRole("textbox", { name: "Cash payment 2", exact: true })).toHaveValue("27.00");
  await page.getByRole("textbox", { name: "Cash payment 2", exact: true }).fill("30");
  await page.getByRole("button", { name: "Update totals" }).click();
  await expect(page.getByTestId("change-due")).toHaveText("£3.00");
  // Screenshots only: axe runs with JavaScript (checkout.spec.ts) on the same screen.
  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `screenshots/${label}-checkout-nojs.png`, fullPage: true });
  }
  await page.setViewportSize(TABLET);

  // Too little paid: the screen says what is still to pay and records nothing.
  await page.getByRole("textbox", { name: "Cash payment 2", exact: true }).fill("20");
  await page.getByRole("button", { name: "Take payment" }).click();
  await expect(page.getByRole("alert")).toContainText("£7.00 is still to pay");
  await page.getByRole("textbox", { name: "Cash payment 2", exact: true }).fill("30");
  await page.getByRole("button", { name: "Take payment" }).click();
  await expect(page).toHaveURL(/\/sales\/\d+\/receipt$/);
  const receipt = new URL(page.url()).pathname;

  const sale = await apiRequest("GET", `/api/sales/${receipt.split("/")[2]}`, setup.token);
  expect(sale.body).toMatchObject({ appointmentId: appointment.id, total: 6000, tipsTotal: 700, change: 300 });
});

test("without JavaScript a paid appointment's dialog links to its receipt", async ({ page }) => {
  const client = await clientOfOwn(setup, "Nojs Paid Client");
  const appointment = await bookFor(setup, client.id, "Theo Trimmer", DAY, "13:00");
  const paid = await apiRequest("POST", "/api/sales", setup.token, {
    appointmentId: appointment.id,
    lines: [{ kind: "service", serviceId: setup.services["Cut & Finish"], stylistId: setup.stylists["Theo Trimmer"] }],
    payments: [{ method: "card", amount: 4500 }],
  });
  expect(paid.status).toBe(201);
  await signIn(page, ADMIN, `/calendar?view=day&date=${DAY}`);
  await expect(page.getByTestId(`appointment-${appointment.id}`).getByTestId("paid-mark")).toBeVisible();
  await page.goto(`/calendar/appointments/${appointment.id}?view=day&date=${DAY}`);
  await expect(page.getByRole("link", { name: "Receipt" })).toHaveAttribute("href", `/sales/${paid.body.id}/receipt`);
  await page.goto(`/checkout?appointment=${appointment.id}`);
  await expect(page).toHaveURL(new RegExp(`/sales/${paid.body.id}/receipt$`));
});
