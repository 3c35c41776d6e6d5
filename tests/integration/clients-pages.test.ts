// The Clients screen, its dialogs and the GDPR screen as pages: what their loaders give
// and what their form actions do (the same requests a browser without JavaScript sends).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clients } from "#db/schema";
import * as deleteDialog from "~/routes/_app.clients.$clientId.delete";
import * as editDialog from "~/routes/_app.clients.$clientId.edit";
import * as newDialog from "~/routes/_app.clients.new";
import * as clientsPage from "~/routes/_app.clients";
import * as eraseDialog from "~/routes/_app.gdpr.erase.$clientId";
import * as gdprPage from "~/routes/_app.gdpr";
import { createTestClient } from "../clients-factories";
import { call, makeRequest, signedIn, statusOf } from "../factories";

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;
let stylist: Session;

beforeAll(async () => {
  admin = await signedIn("admin");
  stylist = await signedIn("stylist");
});

const VALID = {
  name: "Form Client",
  phone: "07400 400400",
  email: "form@client.example",
  notes: "",
  consentType: "service",
  legalBasis: "consent",
  isActive: "on",
  gdprConsent: "on",
};

function toastOf(response: Response): string {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
  return Buffer.from(value.split(".")[0]!, "base64").toString("utf8");
}

describe("the Clients screen", () => {
  it("searches on the server, pages with Show more, and tells the UI what the role may do", async () => {
    for (let index = 0; index < 55; index++)
      await createTestClient({ name: `Pager ${String(index).padStart(2, "0")}` });
    const load = async (query: string, session: Session) =>
      (await call(clientsPage.loader, makeRequest("GET", `/clients${query}`, { cookie: session.cookie }))) as Awaited<
        ReturnType<typeof clientsPage.loader>
      >;
    const first = await load("?q=PAGER", admin);
    expect(first.clients).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.clients[0]!.name).toBe("Pager 00");
    const more = await load("?q=pager&limit=100", admin);
    expect(more.clients).toHaveLength(55);
    expect(more.hasMore).toBe(false);
    expect((await load("?limit=5", admin)).limit).toBe(50);
    expect(first).toMatchObject({ q: "PAGER", canWrite: true, canDelete: true });
    expect(first.stats.totalClients).toBeGreaterThanOrEqual(55);
    expect(await load("", stylist)).toMatchObject({ canWrite: true, canDelete: false });
    expect(await load("", await signedIn("display"))).toMatchObject({ canWrite: false, canDelete: false });
  });
});

describe("Add New Client", () => {
  it("shows every field message of SPEC §5 without saving", async () => {
    const result = (await call(
      newDialog.action,
      makeRequest("POST", "/clients/new", {
        cookie: stylist.cookie,
        form: { name: "", phone: "", email: "bad", consentType: "service" },
      }),
    )) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(statusOf(result)).toBe(400);
    expect(result.data.result.error).toEqual({
      name: ["Name is required"],
      phone: ["Phone is required"],
      email: ["Invalid email"],
      gdprConsent: ["GDPR consent is required"],
    });
  });

  it("creates the client and goes back to the list with its search and a Success toast", async () => {
    const response = (await call(
      newDialog.action,
      makeRequest("POST", "/clients/new?q=form", { cookie: stylist.cookie, form: VALID }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/clients?q=form");
    expect(toastOf(response)).toContain("Client created successfully");
    const [row] = await db.select().from(clients).where(eq(clients.email, "form@client.example"));
    expect(row).toMatchObject({
      name: "Form Client",
      isActive: true,
      consentType: "service",
      notes: null,
      consentDate: expect.any(String),
    });
  });

  it("is refused for display accounts", async () => {
    const display = await signedIn("display");
    expect(
      statusOf(
        await call(newDialog.action, makeRequest("POST", "/clients/new", { cookie: display.cookie, form: VALID })),
      ),
    ).toBe(403);
  });
});

describe("Edit Client", () => {
  it("starts with the consent box ticked and saves changes, including an unticked Active box", async () => {
    const client = await createTestClient({ name: "Edit Me" });
    const params = { clientId: String(client.id) };
    const loaded = (await call(
      editDialog.loader,
      makeRequest("GET", `/clients/${client.id}/edit`, { cookie: stylist.cookie }),
      params,
    )) as {
      client: { name: string };
      erasureRequested: string | null;
    };
    expect(loaded.client.name).toBe("Edit Me");
    expect(loaded.erasureRequested).toBeNull();

    const { isActive: _unticked, ...form } = {
      ...VALID,
      name: "Edited Name",
      phone: "07400 400409",
      email: "",
      legalBasis: "legitimate_interest",
    };
    const response = (await call(
      editDialog.action,
      makeRequest("POST", `/clients/${client.id}/edit?q=edit`, { cookie: stylist.cookie, form }),
      params,
    )) as Response;
    expect(response.headers.get("Location")).toBe("/clients?q=edit");
    expect(toastOf(response)).toContain("Client updated successfully");
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ name: "Edited Name", email: null, isActive: false, legalBasis: "legitimate_interest" });

    const noConsent = (await call(
      editDialog.action,
      makeRequest("POST", `/clients/${client.id}/edit`, {
        cookie: stylist.cookie,
        form: { ...VALID, gdprConsent: "" },
      }),
      params,
    )) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(noConsent.data.result.error).toEqual({ gdprConsent: ["GDPR consent is required"] });
  });

  it("records and withdraws an erasure request from the dialog", async () => {
    const client = await createTestClient();
    const params = { clientId: String(client.id) };
    const send = (intent: string) =>
      call(
        editDialog.action,
        makeRequest("POST", `/clients/${client.id}/edit`, { cookie: stylist.cookie, form: { intent } }),
        params,
      ) as Promise<Response>;
    const recorded = await send("request-erasure");
    expect(recorded.headers.get("Location")).toBe(`/clients/${client.id}/edit`);
    expect(toastOf(recorded)).toContain("Erasure request recorded");
    const loaded = (await call(
      editDialog.loader,
      makeRequest("GET", `/clients/${client.id}/edit`, { cookie: stylist.cookie }),
      params,
    )) as { erasureRequested: string };
    expect(loaded.erasureRequested).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await send("withdraw-erasure");
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.erasureRequestedAt).toBeNull();
  });
});

describe("Delete Client", () => {
  it("is for admins, deletes and says so; a client that is already gone gives the failure toast", async () => {
    const client = await createTestClient();
    const params = { clientId: String(client.id) };
    expect(
      statusOf(
        await call(
          deleteDialog.loader,
          makeRequest("GET", `/clients/${client.id}/delete`, { cookie: stylist.cookie }),
          params,
        ),
      ),
    ).toBe(403);
    const done = (await call(
      deleteDialog.action,
      makeRequest("POST", `/clients/${client.id}/delete?q=x&limit=100`, { cookie: admin.cookie, form: {} }),
      params,
    )) as Response;
    expect(done.headers.get("Location")).toBe("/clients?q=x&limit=100");
    expect(toastOf(done)).toContain("Client deleted successfully");
    const again = (await call(
      deleteDialog.action,
      makeRequest("POST", `/clients/${client.id}/delete`, { cookie: admin.cookie, form: {} }),
      params,
    )) as Response;
    expect(toastOf(again)).toContain("Failed to delete client");
    expect(toastOf(again)).toContain("destructive");
  });
});

describe("the GDPR screen", () => {
  it("shows the tab asked for, with SPEC's date texts", async () => {
    const requested = await createTestClient({ name: "Tab Requester", erasureRequestedAt: "2026-11-22T10:00:00.000Z" });
    await createTestClient({ name: "Tab Expired", dataRetentionDate: "2025-01-05T10:00:00.000Z" });
    const load = async (query: string) =>
      (await call(gdprPage.loader, makeRequest("GET", `/gdpr${query}`, { cookie: admin.cookie }))) as Awaited<
        ReturnType<typeof gdprPage.loader>
      >;
    const erasure = await load("");
    expect(erasure.tab).toBe("erasure");
    expect(erasure.clients.find((client) => client.id === requested.id)!.dateLabel).toBe(
      "Requested: Sunday, November 22, 2026",
    );
    const retention = await load("?tab=retention");
    expect(retention.clients.find((client) => client.name === "Tab Expired")!.dateLabel).toBe(
      "Retention expired: Sunday, January 5, 2025",
    );
    expect((await load("?tab=exports")).tab).toBe("exports");
    expect((await load("?tab=nonsense")).tab).toBe("erasure");
  });

  it("erases after confirmation and says so, and reports a failure with SPEC's texts", async () => {
    const client = await createTestClient({ name: "Confirm Erasure Person" });
    const params = { clientId: String(client.id) };
    const dialog = (await call(
      eraseDialog.loader,
      makeRequest("GET", `/gdpr/erase/${client.id}?tab=retention`, { cookie: admin.cookie }),
      params,
    )) as { client: { name: string } };
    expect(dialog.client.name).toBe("Confirm Erasure Person");
    const done = (await call(
      eraseDialog.action,
      makeRequest("POST", `/gdpr/erase/${client.id}?tab=retention`, { cookie: admin.cookie, form: {} }),
      params,
    )) as Response;
    expect(done.headers.get("Location")).toBe("/gdpr?tab=retention");
    expect(toastOf(done)).toContain("Data Erasure Complete");
    expect(await db.select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
    const failed = (await call(
      eraseDialog.action,
      makeRequest("POST", `/gdpr/erase/${client.id}`, { cookie: admin.cookie, form: {} }),
      params,
    )) as Response;
    expect(toastOf(failed)).toContain("Erasure Failed");
    expect(toastOf(failed)).toContain("Failed to process erasure");
    expect(
      statusOf(
        await call(
          eraseDialog.action,
          makeRequest("POST", `/gdpr/erase/${client.id}`, { cookie: stylist.cookie, form: {} }),
          params,
        ),
      ),
    ).toBe(403);
  });
});
