// An erased client leaves no trace: not in any table, not in the database file's free
// space, not in the WAL. Appointments stay as anonymous records so revenue is unchanged.
import { existsSync, readFileSync } from "node:fs";
import { eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { appointmentHistory, appointments, auditLog, clients, messages, smsLog } from "#db/schema";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as clientById from "~/routes/api.clients.$id._index";
import * as erasure from "~/routes/api.gdpr.erasure.$id";
import { createStylistAndService, createTestAppointment, createTestClient, createTestSms } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { setBookingRules } from "../calendar-factories";

function databaseFiles(): Buffer[] {
  const path = process.env.DATABASE_URL!.slice("file:".length);
  return [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file));
}

/** Every place in the database's files where the text appears (UTF-8, also lower-cased). */
function occurrences(text: string): number {
  let found = 0;
  for (const bytes of databaseFiles()) {
    for (const needle of new Set([text, text.toLowerCase()])) {
      let at = bytes.indexOf(needle, 0, "utf8");
      while (at !== -1) {
        found += 1;
        at = bytes.indexOf(needle, at + 1, "utf8");
      }
    }
  }
  return found;
}

async function revenue(): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${appointments.price}), 0)` })
    .from(appointments)
    .where(eq(appointments.status, "completed"));
  return Number(row?.total ?? 0);
}

describe("DELETE /api/gdpr/erasure/{id}", () => {
  it("removes every trace of the client from the database files and keeps revenue", async () => {
    const admin = await signedIn("admin");
    const { stylist, service } = await createStylistAndService();
    const person = { name: "Wilhelmina Quixote", phone: "07400 955321", email: "wilhelmina.q@erase.example" };
    const bystander = await createTestClient({
      name: "Bartholomew Keepme",
      phone: "07400 911911",
      email: "bart.keep@stay.example",
    });
    const formerEmail = "w.quixote.old@erase.example";
    const client = await createTestClient({
      ...person,
      email: formerEmail,
      notes: "Allergic to Brand X; Wilhelmina Quixote prefers mornings",
      address: "1 Erase Lane",
      birthday: "1980-01-02",
    });

    // A history that spreads the person's data around: edits (old row images), appointments
    // with notes, texts sent to them, a team chat mention and a mention in another client's notes.
    const edit = (body: Record<string, unknown>) =>
      call(clientById.action, makeRequest("PUT", `/api/clients/${client.id}`, { token: admin.token, body }), {
        id: String(client.id),
      });
    await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");
    // A changed e-mail: its old row image must not linger in the page's free space either.
    expect(
      (
        await json(
          await edit({
            email: person.email,
            notes: "First visit: Wilhelmina Quixote asked for a fringe trim, call 07400 955321",
          }),
        )
      ).status,
    ).toBe(200);
    for (let day = 1; day <= 3; day++) {
      const appointment = await createTestAppointment({
        clientId: client.id,
        stylistId: stylist.id,
        serviceId: service.id,
        startTime: `2026-0${day}-10T10:00:00.000Z`,
        status: "completed",
        price: 4000 + day,
        notes: `Visit ${day} for Wilhelmina Quixote (wilhelmina.q@erase.example)`,
      });
      await createTestSms({
        clientId: client.id,
        appointmentId: appointment.id,
        toNumber: person.phone,
        body: `Hi Wilhelmina Quixote, see you on day ${day}`,
      });
    }
    await createTestAppointment({
      clientId: bystander.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: "2026-01-11T10:00:00.000Z",
      status: "completed",
      price: 3000,
      notes: "Came with Wilhelmina Quixote",
    });
    // Booked and edited through the API, so the appointment history holds her notes and
    // her id (decision 0085): the erasure must reach it too. A bystander's history mentions her.
    await setBookingRules({ bookingAdvanceLimit: 730 });
    const booked = await json(
      await call(
        appointmentsApi.action,
        makeRequest("POST", "/api/appointments", {
          token: admin.token,
          body: {
            clientId: client.id,
            stylistId: stylist.id,
            serviceId: service.id,
            startTime: "2027-03-02T10:00:00.000Z",
            status: "scheduled",
            availabilityOverride: true,
            notes: "Wilhelmina Quixote wants a fringe",
          },
        }),
      ),
    );
    expect(booked.status).toBe(201);
    const put = (id: number, body: Record<string, unknown>) =>
      call(appointmentById.action, makeRequest("PUT", `/api/appointments/${id}`, { token: admin.token, body }), {
        id: String(id),
      }).then(json);
    const base = {
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: "2027-03-02T10:00:00.000Z",
      status: "scheduled",
      availabilityOverride: true,
    };
    expect(
      (
        await put(booked.body.id, {
          ...base,
          clientId: client.id,
          notes: "Allergic to Brand X, e-mail wilhelmina.q@erase.example",
        })
      ).status,
    ).toBe(200);
    const other = await json(
      await call(
        appointmentsApi.action,
        makeRequest("POST", "/api/appointments", {
          token: admin.token,
          body: { ...base, clientId: bystander.id, startTime: "2027-03-03T10:00:00.000Z", notes: "Before" },
        }),
      ),
    );
    expect(
      (
        await put(other.body.id, {
          ...base,
          clientId: bystander.id,
          startTime: "2027-03-03T10:00:00.000Z",
          notes: "Recommended by Wilhelmina Quixote",
        })
      ).status,
    ).toBe(200);
    expect((await db.select().from(appointmentHistory)).length).toBe(4);
    await db
      .insert(messages)
      .values({ senderUserId: admin.user.id, content: "Wilhelmina Quixote called: running late, phone 07400 955321" });
    await db.update(clients).set({ notes: "Friend of wilhelmina quixote" }).where(eq(clients.id, bystander.id));
    // Some of it reaches the database file, some stays in the WAL.
    await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(
      (await json(await edit({ notes: "Second visit: Wilhelmina Quixote happy", consentType: "both" }))).status,
    ).toBe(200);

    for (const value of Object.values(person))
      expect(occurrences(value), `${value} is in the files before erasure`).toBeGreaterThan(0);
    const revenueBefore = await revenue();

    const response = await json(
      await call(erasure.action, makeRequest("DELETE", `/api/gdpr/erasure/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      appointmentsAnonymised: 4,
      messagesDeleted: 3,
      walEmptied: true,
      historyEntriesScrubbed: 2,
    });
    expect(response.body.mentionsRedacted).toBeGreaterThanOrEqual(3);

    for (const value of [...Object.values(person), formerEmail, "1 Erase Lane", "Allergic to Brand X"]) {
      expect(occurrences(value), `${value} is still in the database files`).toBe(0);
    }
    // The scan does find data that is still there.
    expect(occurrences("Bartholomew Keepme")).toBeGreaterThan(0);

    // Appointments remain as anonymous records; revenue is unchanged.
    const left = await db.select().from(appointments).where(isNull(appointments.clientId));
    expect(left).toHaveLength(4);
    expect(left.every((row) => row.notes === null)).toBe(true);
    expect(await revenue()).toBe(revenueBefore);
    expect(await db.select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
    expect(await db.select().from(smsLog)).toEqual([]);
    const [chat] = await db.select().from(messages);
    expect(chat!.content).toBe("[erased] called: running late, phone [erased]");
    const [bystanderRow] = await db.select().from(clients).where(eq(clients.id, bystander.id));
    expect(bystanderRow!.notes).toBe("Friend of [erased]");

    // The appointment history keeps the entries, without her notes or her id; a mention of
    // her in a bystander's history replaces that note whole (decision 0094).
    const entries = await db.select().from(appointmentHistory).orderBy(appointmentHistory.id);
    expect(entries.map((entry) => [entry.kind, entry.notesBefore, entry.notesAfter])).toEqual([
      ["created", null, "[erased]"],
      ["edited", "[erased]", "[erased]"],
      ["created", null, "Before"],
      ["edited", "Before", "[erased]"],
    ]);
    expect(entries.some((entry) => entry.clientBefore === client.id || entry.clientAfter === client.id)).toBe(false);
    expect(entries[2]!.clientAfter).toBe(bystander.id);

    // The audit log says who erased which id, without personal data.
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "client.erase"));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, entityType: "client", entityId: client.id });
    expect(JSON.stringify(entry)).not.toMatch(/Wilhelmina|07400|erase\.example/i);
  });

  it("answers 404 for an unknown client and 403 for staff who are not admins", async () => {
    const admin = await signedIn("admin");
    const missing = await json(
      await call(erasure.action, makeRequest("DELETE", "/api/gdpr/erasure/999999", { token: admin.token }), {
        id: "999999",
      }),
    );
    expect(missing).toEqual({ status: 404, body: { message: "Client not found." } });
    const client = await createTestClient();
    for (const role of ["stylist", "display"] as const) {
      const { token } = await signedIn(role);
      const refused = await call(erasure.action, makeRequest("DELETE", `/api/gdpr/erasure/${client.id}`, { token }), {
        id: String(client.id),
      });
      expect((refused as Response).status).toBe(403);
    }
    expect(await db.select().from(clients).where(eq(clients.id, client.id))).toHaveLength(1);
  });
});
