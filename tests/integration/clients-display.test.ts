// A display account (the wall screen) reads client names but no contact details, in
// pages and in `/api` alike (decision 0055); admins and stylists still get them.
import { beforeAll, describe, expect, it } from "vitest";
import * as clientsPage from "~/routes/_app.clients";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as clientById from "~/routes/api.clients.$id._index";
import * as clientList from "~/routes/api.clients._index";
import * as clientSearch from "~/routes/resources.client-search";
import { createStylistAndService, createTestAppointment, createTestClient } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";

type Session = Awaited<ReturnType<typeof signedIn>>;
const sessions = {} as Record<"admin" | "stylist" | "display", Session>;
let client: Awaited<ReturnType<typeof createTestClient>>;

beforeAll(async () => {
  for (const role of ["admin", "stylist", "display"] as const) sessions[role] = await signedIn(role);
  client = await createTestClient({
    name: "Wallscreen Winifred",
    phone: "07400 123987",
    email: "winifred@example.com",
    notes: "Prefers mornings",
    address: "2 Mill Lane",
    birthday: "1985-02-03",
  });
});

const page = async (query: string, session: Session) =>
  (await call(clientsPage.loader, makeRequest("GET", `/clients${query}`, { cookie: session.cookie }))) as Awaited<
    ReturnType<typeof clientsPage.loader>
  >;
const apiList = async (query: string, session: Session) =>
  json(await call(clientList.loader, makeRequest("GET", `/api/clients${query}`, { token: session.token })));
const apiOne = async (session: Session) =>
  json(
    await call(clientById.loader, makeRequest("GET", `/api/clients/${client.id}`, { token: session.token }), {
      id: String(client.id),
    }),
  );
const search = async (query: string, session: Session) =>
  json(
    await call(
      clientSearch.loader,
      makeRequest("GET", `/resources/client-search?q=${encodeURIComponent(query)}`, { token: session.token }),
    ),
  );

// What a wall screen may be told about a client, and nothing more.
const NAME_ONLY = {
  id: expect.any(Number),
  name: "Wallscreen Winifred",
  isActive: true,
  appointmentCount: 0,
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
};

describe("a display account", () => {
  it("sees the client's name and figures on /clients, without phone, e-mail or notes, and is told it may not", async () => {
    const data = await page("?q=wallscreen", sessions.display);
    expect(data.clients).toEqual([NAME_ONLY]);
    expect(data).toMatchObject({ canSeeContact: false, canWrite: false });
    expect(JSON.stringify(data)).not.toMatch(/07400 123987|winifred@example\.com|Prefers mornings|Mill Lane/);
  });

  it("gets the same answer from GET /api/clients and GET /api/clients/{id}", async () => {
    const listed = await apiList("?q=wallscreen", sessions.display);
    expect(listed).toEqual({ status: 200, body: [NAME_ONLY] });
    expect(await apiOne(sessions.display)).toEqual({ status: 200, body: NAME_ONLY });
  });

  it("searches by name only: a phone number or e-mail finds nobody, so a search cannot reveal whose they are", async () => {
    expect(await search("Winifred", sessions.display)).toEqual({
      status: 200,
      body: [{ id: client.id, name: "Wallscreen Winifred" }],
    });
    expect((await search("07400 123987", sessions.display)).body).toEqual([]);
    expect((await search("winifred@example", sessions.display)).body).toEqual([]);
    expect((await apiList("?q=123987", sessions.display)).body).toEqual([]);
    expect((await page("?q=winifred%40example.com", sessions.display)).clients).toEqual([]);
  });

  it("sees a booked client's name on an appointment, not their phone or e-mail", async () => {
    const { stylist, service } = await createStylistAndService();
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: "2027-03-01T10:00:00.000Z",
    });
    const read = async (session: Session) =>
      json(
        await call(
          appointmentById.loader,
          makeRequest("GET", `/api/appointments/${appointment.id}`, { token: session.token }),
          { id: String(appointment.id) },
        ),
      );
    expect((await read(sessions.display)).body.client).toEqual({ id: client.id, name: "Wallscreen Winifred" });
    expect((await read(sessions.admin)).body.client).toEqual({
      id: client.id,
      name: "Wallscreen Winifred",
      phone: "07400 123987",
      email: "winifred@example.com",
    });
  });
});

describe("admins and stylists", () => {
  for (const role of ["admin", "stylist"] as const) {
    it(`still get every detail as ${role}, and find a client by phone or e-mail`, async () => {
      const details = {
        name: "Wallscreen Winifred",
        phone: "07400 123987",
        email: "winifred@example.com",
        notes: "Prefers mornings",
        address: "2 Mill Lane",
        birthday: "1985-02-03",
      };
      expect((await page("?q=wallscreen", sessions[role])).clients).toEqual([expect.objectContaining(details)]);
      expect((await page("?q=wallscreen", sessions[role])).canSeeContact).toBe(true);
      expect((await apiList("?q=123987", sessions[role])).body).toEqual([expect.objectContaining(details)]);
      expect((await apiOne(sessions[role])).body).toMatchObject({
        ...details,
        consentType: "service",
        legalBasis: "consent",
      });
      expect((await search("winifred@example", sessions[role])).body).toEqual([
        { id: client.id, name: "Wallscreen Winifred", phone: "07400 123987", email: "winifred@example.com" },
      ]);
    });
  }
});
