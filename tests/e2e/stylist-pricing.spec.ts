// Service Pricing with JavaScript: an admin chooses a stylist, a stylist sees only their
// own profile; each row saves its price or duration without leaving the page.
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, DISPLAY } from "./accounts";
import { signIn } from "./helpers";
import {
  apiCall,
  apiToken,
  createServiceViaApi,
  createStylistAccount,
  screenshotBothSizes,
  unique,
} from "./services-helpers";

async function setup() {
  const token = await apiToken();
  const tag = unique();
  const stylist = await createStylistAccount(token, "Priya", `Pricing${tag}`);
  const colleague = await createStylistAccount(token, "Colin", `Pricing${tag}`);
  const cut = await createServiceViaApi(token, {
    name: `Pricing Cut ${tag}`,
    category: "Hair",
    duration: 60,
    price: 4000,
  });
  await createServiceViaApi(token, { name: `Pricing Gel ${tag}`, category: "Nails", duration: 45, price: 3000 });
  await createServiceViaApi(token, { name: `Pricing Facial ${tag}`, category: "Beauty", duration: 30, price: 3500 });
  return { token, tag, stylist, colleague, cutId: cut.id, cutName: `Pricing Cut ${tag}` };
}

const row = (page: Page, service: string) => page.getByRole("row").filter({ hasText: service });

test("an admin chooses a stylist and sets their own price and duration for a service", async ({ page }) => {
  const { token, stylist, cutId, cutName, tag } = await setup();
  await signIn(page, { email: "admin@e2e.test", password: "admin-pass-1" }, "/pricing");
  await expect(page.getByRole("heading", { name: "Service Pricing" })).toBeVisible();
  await expect(page.getByText("Individual Pricing System")).toBeVisible();
  await expect(page.getByText("Select a stylist to manage pricing")).toBeVisible();
  await expect(page.getByText("Select a Stylist", { exact: true })).toBeVisible();
  await screenshotBothSizes(page, "pricing-unchosen", async () => {
    await expect(page.getByText("Select a Stylist", { exact: true })).toBeVisible();
  });

  await page.getByRole("navigation", { name: "Stylists" }).getByRole("link", { name: stylist.email }).click();
  await expect(page).toHaveURL(new RegExp(`/pricing\\?stylist=${stylist.stylistId}$`));
  await expect(page.getByRole("heading", { name: `${stylist.name}: Pricing` })).toBeVisible();
  const cut = row(page, cutName);
  await expect(cut.getByText("Hair", { exact: true })).toBeVisible();
  await expect(row(page, `Pricing Gel ${tag}`).getByText("Nails", { exact: true })).toBeVisible();
  await expect(cut.getByText("Custom Price")).toHaveCount(0);
  await expect(cut.getByLabel(`Duration for ${cutName} (minutes)`)).toHaveValue("60");
  await expect(cut.getByLabel(`Price for ${cutName} (£)`)).toHaveValue("40.00");

  await cut.getByLabel(`Duration for ${cutName} (minutes)`).fill("75");
  await cut.getByRole("button", { name: `Save Duration for ${cutName}` }).click();
  await expect(page.getByRole("status").getByText("Duration Updated")).toBeVisible();
  await expect(cut.getByRole("button", { name: `Update Duration for ${cutName}` })).toBeVisible();
  await expect(cut.getByLabel(`Duration for ${cutName} (minutes)`)).toHaveValue("75");

  await cut.getByLabel(`Price for ${cutName} (£)`).fill("45.50");
  await cut.getByRole("button", { name: `Save Price for ${cutName}` }).click();
  await expect(page.getByRole("status").getByText("Price Updated")).toBeVisible();
  await expect(cut.getByText("Custom Price")).toBeVisible();
  await expect(cut.getByLabel(`Price for ${cutName} (£)`)).toHaveValue("45.50");

  // Errors show the server's message; Cancel puts the row's inputs back.
  await cut.getByLabel(`Price for ${cutName} (£)`).fill("-3");
  await cut.getByRole("button", { name: `Save Price for ${cutName}` }).click();
  await expect(cut.getByText("Price must be positive")).toBeVisible();
  await expect(page.getByRole("alert").getByText("Price must be positive")).toBeVisible();
  await cut.getByLabel(`Duration for ${cutName} (minutes)`).fill("0");
  await cut.getByRole("button", { name: `Update Duration for ${cutName}` }).click();
  await expect(cut.getByText("Duration must be at least 1 minute")).toBeVisible();
  await cut.getByRole("button", { name: `Cancel changes to ${cutName}` }).click();
  await expect(cut.getByLabel(`Duration for ${cutName} (minutes)`)).toHaveValue("75");
  await expect(cut.getByLabel(`Price for ${cutName} (£)`)).toHaveValue("45.50");
  await expect(cut.getByText("Duration must be at least 1 minute")).toHaveCount(0);

  const stored = await apiCall(token, "GET", `/api/stylists/${stylist.stylistId}/pricing`);
  expect(stored.body).toEqual([{ serviceId: cutId, price: 4550, duration: 75 }]);

  await screenshotBothSizes(page, "pricing", async () => {
    await expect(cut.getByText("Custom Price")).toBeVisible();
  });
});

test("a stylist sees only their own profile, auto-selected; display screens have no pricing", async ({
  browser,
  page,
}) => {
  const { stylist, colleague, cutName } = await setup();
  await signIn(page, stylist, "/pricing");
  await expect(page.getByText("Your stylist profile")).toBeVisible();
  await expect(page.getByRole("heading", { name: `${stylist.name}: Pricing` })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Stylists" }).getByRole("link")).toHaveCount(1);
  await expect(page.getByText(colleague.name)).toHaveCount(0);
  const cut = row(page, cutName);
  await cut.getByLabel(`Price for ${cutName} (£)`).fill("38");
  await cut.getByRole("button", { name: `Save Price for ${cutName}` }).click();
  await expect(page.getByRole("status").getByText("Price Updated")).toBeVisible();
  await expect(cut.getByText("Custom Price")).toBeVisible();

  await page.goto(`/pricing?stylist=${colleague.stylistId}`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You can only manage your own stylist profile.")).toBeVisible();

  const displayContext = await browser.newContext();
  const display = await displayContext.newPage();
  await signIn(display, DISPLAY, "/pricing");
  await expect(display.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await displayContext.close();
});

test("saving one field of a row keeps the other one typed: both are saved", async ({ page }) => {
  const { stylist, cutName } = await setup();
  await signIn(page, ADMIN, `/pricing?stylist=${stylist.stylistId}`);
  const cut = row(page, cutName);
  await cut.getByLabel(`Price for ${cutName} (£)`).fill("62");
  await cut.getByLabel(`Duration for ${cutName} (minutes)`).fill("50");
  await cut.getByRole("button", { name: `Save Duration for ${cutName}` }).click();
  await expect(page.getByText("Duration Updated")).toBeVisible();
  await expect(cut.getByRole("button", { name: `Update Duration for ${cutName}` })).toBeVisible();
  await expect(cut.getByLabel(`Price for ${cutName} (£)`)).toHaveValue("62.00");
  await expect(cut.getByText("Custom Price")).toBeVisible();
  // And the other way round: Save Price keeps a typed duration.
  await cut.getByLabel(`Duration for ${cutName} (minutes)`).fill("55");
  await cut.getByLabel(`Price for ${cutName} (£)`).fill("63");
  await cut.getByRole("button", { name: `Save Price for ${cutName}` }).click();
  await expect(page.getByText("Price Updated")).toBeVisible();
  await page.reload();
  await expect(cut.getByLabel(`Duration for ${cutName} (minutes)`)).toHaveValue("55");
  await expect(cut.getByLabel(`Price for ${cutName} (£)`)).toHaveValue("63.00");
});
