// The wall screen's Clients page: names, no contact details (decision 0055).
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

const card = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Clients" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a display account's /clients shows a client's name but not their phone, e-mail or notes", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ADMIN);
  await createClientViaApi(request, token, {
    name: "Wallscreen Wanda",
    phone: "07400 900787",
    email: "wanda@wall.example",
    notes: "Sensitive scalp",
  });

  // Staff see the details, so the seeded client really has them.
  await signIn(page, ADMIN, "/clients?q=Wallscreen");
  await expect(card(page, "Wallscreen Wanda").getByRole("link", { name: "07400 900787" })).toBeVisible();
  await expect(card(page, "Wallscreen Wanda").getByText("wanda@wall.example")).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, DISPLAY, "/clients?q=Wallscreen");
  const wanda = card(page, "Wallscreen Wanda");
  await expect(wanda.getByRole("heading", { name: "Wallscreen Wanda" })).toBeVisible();
  await expect(wanda.getByText("0 appointments")).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("07400 900787");
  await expect(page.getByRole("main")).not.toContainText("wanda@wall.example");
  await expect(page.getByRole("main")).not.toContainText("Sensitive scalp");
  await expect(wanda.getByRole("link")).toHaveCount(0);
  await expect(
    page.getByRole("searchbox", { name: "Search clients" }).or(page.getByLabel("Search clients")),
  ).toHaveAttribute("placeholder", "Search clients by name...");
  await expectNoAxeViolations(page);

  for (const [label, size] of [
    ["tablet", TABLET],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto("/clients?q=Wallscreen");
    await expect(card(page, "Wallscreen Wanda")).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-clients-display.png` });
  }
});
