// Service Pricing without JavaScript: the stylist is chosen by a link (?stylist=), each
// row is a form that posts and comes back with SPEC's toast, Cancel is a reset button.
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { signIn } from "./helpers";
import { apiToken, createServiceViaApi, createStylistAccount, unique } from "./services-helpers";

test("an admin saves a stylist's duration and price with plain forms", async ({ page }) => {
  const token = await apiToken();
  const tag = unique();
  const stylist = await createStylistAccount(token, "Nadia", `NoScript${tag}`);
  const name = `NoScript Colour ${tag}`;
  await createServiceViaApi(token, { name, category: "Colour", duration: 90, price: 7500 });

  await signIn(page, ADMIN, "/pricing");
  await expect(page.getByText("Select a Stylist", { exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Stylists" }).getByRole("link", { name: stylist.email }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Colour", { exact: true })).toBeVisible();

  await row.getByLabel(`Duration for ${name} (minutes)`).fill("80");
  await row.getByRole("button", { name: `Save Duration for ${name}` }).click();
  await expect(page.getByText("Duration Updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?stylist=${stylist.stylistId}$`));
  await expect(row.getByRole("button", { name: `Update Duration for ${name}` })).toBeVisible();

  await row.getByLabel(`Price for ${name} (£)`).fill("70");
  await row.getByRole("button", { name: `Save Price for ${name}` }).click();
  await expect(page.getByText("Price Updated")).toBeVisible();
  await expect(row.getByText("Custom Price")).toBeVisible();
  await expect(row.getByLabel(`Price for ${name} (£)`)).toHaveValue("70.00");

  await row.getByLabel(`Duration for ${name} (minutes)`).fill("2.5");
  await row.getByRole("button", { name: `Update Duration for ${name}` }).click();
  await expect(row.getByText("Duration must be a whole number of minutes")).toBeVisible();

  await row.getByLabel(`Price for ${name} (£)`).fill("12.34");
  await row.getByRole("button", { name: `Cancel changes to ${name}` }).click();
  await expect(row.getByLabel(`Price for ${name} (£)`)).toHaveValue("70.00");
});

test("without JavaScript, Save Duration also saves a price typed in the row, and Save Price a typed duration", async ({
  page,
}) => {
  const token = await apiToken();
  const tag = unique();
  const stylist = await createStylistAccount(token, "Ravi", `Row${tag}`);
  const name = `Row Cut ${tag}`;
  await createServiceViaApi(token, { name, category: "Hair", duration: 60, price: 4000 });
  await signIn(page, ADMIN, `/pricing?stylist=${stylist.stylistId}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByLabel(`Price for ${name} (£)`).fill("62");
  await row.getByLabel(`Duration for ${name} (minutes)`).fill("50");
  await row.getByRole("button", { name: `Save Duration for ${name}` }).click();
  await expect(page.getByText("Duration Updated")).toBeVisible();
  await expect(row.getByLabel(`Duration for ${name} (minutes)`)).toHaveValue("50");
  await expect(row.getByLabel(`Price for ${name} (£)`)).toHaveValue("62.00");
  await row.getByLabel(`Duration for ${name} (minutes)`).fill("55");
  await row.getByLabel(`Price for ${name} (£)`).fill("63");
  await row.getByRole("button", { name: `Save Price for ${name}` }).click();
  await expect(page.getByText("Price Updated")).toBeVisible();
  await expect(row.getByLabel(`Duration for ${name} (minutes)`)).toHaveValue("55");
  await expect(row.getByLabel(`Price for ${name} (£)`)).toHaveValue("63.00");
});
