// Set-up for the salon's side of online booking: requests written straight into the
// worker's database (staff cannot make a request; the booking page's own specs book through
// it), and the online settings put back after a test changed them.
import { expect } from "@playwright/test";
import { ADMIN } from "./accounts";
import { apiCall, apiToken, createServiceViaApi, createStylistAccount, unique } from "./services-helpers";
import { workerDatabase } from "./sessions";

/** A stylist, a service and a client of this test's own. */
export async function onlineFixture() {
  const token = await apiToken(ADMIN);
  const tag = unique();
  const stylist = await createStylistAccount(token, "Nadia", `Online${tag}`);
  const service = await createServiceViaApi(token, {
    name: `Online Colour ${tag}`,
    category: "Colour",
    duration: 60,
    price: 6500,
  });
  return { token, tag, stylist, serviceId: service.id };
}

/** An online booking as the booking page stores it: `requested` under approval, else `scheduled`. */
export async function onlineBooking(
  fixture: Awaited<ReturnType<typeof onlineFixture>>,
  clientName: string,
  startTime: string,
  status: "requested" | "scheduled" = "requested",
  onlineDetails: string | null = null,
) {
  const db = await workerDatabase();
  const client = await db.execute({
    sql: "insert into clients (name, phone, consent_type) values (?, '07400 555123', 'online') returning id",
    args: [clientName],
  });
  const clientId = Number(client.rows[0]!.id);
  const end = new Date(Date.parse(startTime) + 60 * 60_000).toISOString();
  const row = await db.execute({
    sql: `insert into appointments (client_id, stylist_id, service_id, start_time, end_time, status, price, source, online_details)
          values (?, ?, ?, ?, ?, ?, 6500, 'online', ?) returning id`,
    args: [clientId, fixture.stylist.stylistId, fixture.serviceId, startTime, end, status, onlineDetails],
  });
  const id = Number(row.rows[0]!.id);
  // The change feed, as a write through the domain would publish it.
  await db.execute({ sql: "insert into events (topic, entity_id) values ('appointments', ?)", args: [id] });
  return id;
}

/** The online settings as a test found them, to put back when it is done. */
export async function keepOnlineSettings() {
  const token = await apiToken(ADMIN);
  const settings = await apiCall(token, "GET", "/api/salon-settings");
  const kept = {
    onlineBookingEnabled: settings.body.onlineBookingEnabled,
    onlineLeadTimeHours: settings.body.onlineLeadTimeHours,
    onlineApproval: settings.body.onlineApproval,
    onlineNewClients: settings.body.onlineNewClients,
    onlinePolicyText: settings.body.onlinePolicyText,
  };
  return async () => {
    expect((await apiCall(token, "POST", "/api/salon-settings", kept)).status).toBe(200);
  };
}
