// GDPR with JavaScript: a client's erasure request from the client dialog, the export,
// the erasure, the retention review and the audit log.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN, STYLIST } from "./accounts";
import { apiToken, createClientViaApi, expireRetention } from "./client-helpers";
import { expectNoAxeViolations, PHONE, signIn, TABLET } from "./helpers";

const londonToday = () =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "Europe/London",
  }).format(new Date());

test("a client asks to be forgotten: the request, the export and the erasure", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const client = await createClientViaApi(request, token, {
    name: "Gloria Forgetme",
    phone: "07400 920001",
    email: "gloria@gdpr.test",
    notes: "Likes lavender",
  });

  // A stylist records the request from the client's dialog.
  await signIn(page, STYLIST, "/clients?q=Gloria+Forgetme");
  await page.getByRole("link", { name: "Edit Gloria Forgetme" }).click();
  await page
    .getByRole("dialog", { name: "Edit Client" })
    .getByRole("button", { name: "Record Erasure Request" })
    .click();
  await expect(page.getByText("Erasure request recorded")).toBeVisible();
  await page.goto("/gdpr");
  await expect(page.getByText("Access Denied")).toBeVisible();

  // An admin processes it.
  await page.context().clearCookies();
  await signIn(page, ADMIN, "/gdpr");
  await expect(page.getByRole("heading", { name: "GDPR Compliance", level: 1 })).toBeVisible();
  for (const label of ["Total Clients", "Active Consents", "Pending Erasure", "Expired Retention"])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  for (const label of ["Consent", "Contract", "Legitimate Interest", "Legal Obligation"])
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  await expect(page.getByRole("link", { name: "Erasure Requests" })).toHaveAttribute("aria-current", "page");
  const row = page
    .getByRole("list", { name: "Erasure requests" })
    .getByRole("listitem")
    .filter({ hasText: "Gloria Forgetme" });
  await expect(row.getByText("gloria@gdpr.test")).toBeVisible();
  await expect(row.getByText(`Requested: ${londonToday()}`)).toBeVisible();

  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Export First: Gloria Forgetme" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`client-${client.id}-export.json`);
  const exported = JSON.parse(await readFile((await file.path())!, "utf8"));
  expect(exported.client).toMatchObject({
    id: client.id,
    name: "Gloria Forgetme",
    phone: "07400 920001",
    email: "gloria@gdpr.test",
    notes: "Likes lavender",
  });
  expect(exported.consent).toMatchObject({
    consentType: "service",
    legalBasis: "consent",
    erasureRequestedAt: expect.any(String),
  });
  await expect(page.getByText("Data Export Complete")).toBeVisible();

  await row.getByRole("link", { name: "Process Erasure: Gloria Forgetme" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Data Erasure" });
  await expect(
    confirm.getByText("This action cannot be undone. All data for Gloria Forgetme will be permanently deleted."),
  ).toBeVisible();
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await row.getByRole("link", { name: "Process Erasure: Gloria Forgetme" }).click();
  await confirm.getByRole("button", { name: "Confirm Erasure" }).click();
  await expect(page.getByText("Data Erasure Complete")).toBeVisible();
  await expect(page.getByText("Gloria Forgetme")).toHaveCount(0);
  const pending = (await (
    await request.get("/api/gdpr/erasure-requests", { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  // Other tests may have left requests of their own; when none are left, the empty state shows.
  if (pending.length === 0) await expect(page.getByText("No pending erasure requests")).toBeVisible();

  const gone = await request.get(`/api/clients/${client.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);

  await page.getByRole("link", { name: "Data Exports" }).click();
  await expect(page.getByText("Data exports are processed immediately", { exact: false })).toBeVisible();
  const audit = page.getByRole("list", { name: "Audit log" });
  await expect(audit.getByText(`Data erased · client #${client.id}`)).toBeVisible();
  await expect(audit.getByText(`Data exported · client #${client.id}`)).toBeVisible();
  await expect(audit.getByText(`Erasure requested · client #${client.id}`)).toBeVisible();
  await expect(audit).not.toContainText("Gloria");
});

test("clients past their retention date are listed for review, exported and deleted", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const client = await createClientViaApi(request, token, {
    name: "Rhona Retained",
    phone: "07400 920002",
    email: "rhona@gdpr.test",
  });
  await expireRetention(client.id, "2019-03-04T12:00:00.000Z");

  await signIn(page, ADMIN, "/gdpr?tab=retention");
  await expect(
    page.getByRole("alert").filter({
      hasText: "These clients have passed their data retention period and should be reviewed for deletion.",
    }),
  ).toBeVisible();
  const row = page
    .getByRole("list", { name: "Clients past their retention period" })
    .getByRole("listitem")
    .filter({ hasText: "Rhona Retained" });
  await expect(row.getByText("Retention expired: Monday, March 4, 2019")).toBeVisible();
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Export: Rhona Retained" }).click();
  expect((await download).suggestedFilename()).toBe(`client-${client.id}-export.json`);
  await row.getByRole("link", { name: "Delete: Rhona Retained" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Data Erasure" })
    .getByRole("button", { name: "Confirm Erasure" })
    .click();
  await expect(page.getByText("Data Erasure Complete")).toBeVisible();
  await expect(page).toHaveURL(/\/gdpr\?tab=retention$/);
  await expect(page.getByText("Rhona Retained")).toHaveCount(0);
  const expired = (await (
    await request.get("/api/gdpr/clients-for-deletion", { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  if (expired.length === 0) await expect(page.getByText("No expired retention periods")).toBeVisible();
});

test("a failed export says so", async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const client = await createClientViaApi(request, token, { name: "Export Failure Case", phone: "07400 920003" });
  const recorded = await request.post(`/api/clients/${client.id}/erasure-request`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(recorded.ok()).toBe(true);
  await signIn(page, ADMIN, "/gdpr");
  await page.route(`**/api/gdpr/export/${client.id}`, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
  );
  await page.getByRole("link", { name: "Export First: Export Failure Case" }).click();
  await expect(page.getByText("Export Failed")).toBeVisible();
  await expect(page.getByText("Failed to export data")).toBeVisible();
});

test("scripts use the same API with a bearer token; stylists are refused", async ({ request }) => {
  const adminToken = await apiToken(request, ADMIN);
  const stylistToken = await apiToken(request, STYLIST);
  const overview = await request.get("/api/gdpr/overview", { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(Object.keys(await overview.json()).sort()).toEqual([
    "activeConsents",
    "expiredRetention",
    "legalBasisBreakdown",
    "pendingErasure",
    "totalClients",
  ]);
  for (const path of ["/api/gdpr/overview", "/api/gdpr/erasure-requests", "/api/gdpr/clients-for-deletion"]) {
    expect((await request.get(path, { headers: { Authorization: `Bearer ${stylistToken}` } })).status()).toBe(403);
  }
});

for (const [label, size] of [
  ["tablet", TABLET],
  ["phone", PHONE],
] as const) {
  test(`the GDPR screens at ${label} size have no accessibility violations`, async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    // One phone per size: a phone belongs to one client (decision 0060).
    const client = await createClientViaApi(request, token, {
      name: `Axe Requester ${label}`,
      phone: label === "tablet" ? "07400 920004" : "07400 920014",
      email: `axe.${label}@gdpr.test`,
    });
    await request.post(`/api/clients/${client.id}/erasure-request`, { headers: { Authorization: `Bearer ${token}` } });
    const expired = await createClientViaApi(request, token, {
      name: `Axe Expired ${label}`,
      phone: label === "tablet" ? "07400 920005" : "07400 920015",
    });
    await expireRetention(expired.id, "2018-01-02T12:00:00.000Z");

    await page.setViewportSize(size);
    await signIn(page, ADMIN, "/gdpr");
    for (const tab of ["", "?tab=retention", "?tab=exports"]) {
      await page.goto(`/gdpr${tab}`);
      await expect(page.getByRole("heading", { name: "GDPR Compliance" })).toBeVisible();
      await page.screenshot({ path: `screenshots/${label}-gdpr${tab.replace("?tab=", "-")}.png`, fullPage: true });
      await expectNoAxeViolations(page);
    }
    await page.goto(`/gdpr/erase/${client.id}`);
    await expect(page.getByRole("dialog", { name: "Confirm Data Erasure" })).toBeVisible();
    await page.screenshot({ path: `screenshots/${label}-gdpr-erase.png` });
    await expectNoAxeViolations(page);
  });
}
