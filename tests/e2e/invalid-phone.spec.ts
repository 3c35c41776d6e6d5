// A phone saved before numbers were checked, that cannot exist, is flagged on the client's
// card and profile: no reminder can reach it until someone corrects it.
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiToken, createClientViaApi } from "./client-helpers";
import { signIn } from "./helpers";
import { currentSlot } from "./servers";
import { screenshotBothSizes } from "./services-helpers";

/** The one state no form or API call can make any more: written straight into the e2e server's database. */
async function storePhoneAsBefore(clientId: number, phone: string) {
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    await db.execute({ sql: "UPDATE clients SET phone = ? WHERE id = ?", args: [phone, clientId] });
  } finally {
    db.close();
  }
}

test("a stored phone that cannot exist is flagged on the client card and profile", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const flagged = await createClientViaApi(request, token, { name: "Flora Flagged", phone: "07400 961234" });
  await storePhoneAsBefore(flagged.id, "07700 9001");
  await createClientViaApi(request, token, { name: "Flora Fine", phone: "07400 961235" });

  await signIn(page, ADMIN, "/clients?q=Flora");
  const cards = page.getByRole("list", { name: "Clients" }).getByRole("listitem");
  const card = cards.filter({ hasText: "Flora Flagged" });
  await screenshotBothSizes(page, "client-card-invalid-phone", async () => {
    await expect(card.getByText("Phone number not valid")).toBeVisible();
    await expect(cards.filter({ hasText: "Flora Fine" }).getByText("Phone number not valid")).toHaveCount(0);
  });

  await page.goto(`/clients/${flagged.id}`);
  await screenshotBothSizes(page, "client-profile-invalid-phone", async () => {
    await expect(page.getByText("Phone number not valid")).toBeVisible();
    await expect(page.getByText("No SMS reminder can be sent; edit the client to correct it.")).toBeVisible();
  });
});
