// Erasure reaches every form in which staff wrote the client down: the phone however it
// is punctuated, each e-mail and name the client ever had (edits and merged duplicates),
// and the surname with a title or an initial. Checked by a byte search of the database,
// its WAL and its shared-memory file after the purge (decision 0094).
import { existsSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import {
  appointmentHistory,
  appointments,
  clientFormerDetails,
  clients,
  messages,
  shoppingItems,
  timeOff,
} from "#db/schema";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as clientById from "~/routes/api.clients.$id._index";
import * as merge from "~/routes/api.clients.$id.merge";
import * as erasure from "~/routes/api.gdpr.erasure.$id";
import * as exportApi from "~/routes/api.gdpr.export.$id";
import * as messagesApi from "~/routes/api.messages._index";
import { createStylistAndService, createTestClient } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { setBookingRules } from "../calendar-factories";

const databasePath = () => process.env.DATABASE_URL!.slice("file:".length);

/** How often the text appears in the database, WAL and shared-memory files (UTF-8, as written and lower-cased). */
function occurrences(text: string): number {
  let found = 0;
  for (const file of [databasePath(), `${databasePath()}-wal`, `${databasePath()}-shm`]) {
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    for (const needle of new Set([text, text.toLowerCase()])) {
      for (let at = bytes.indexOf(needle, 0, "utf8"); at !== -1; at = bytes.indexOf(needle, at + 1, "utf8")) found += 1;
    }
  }
  return found;
}

describe("erasure redacts every form of the client's details", () => {
  it("leaves no phone format, former e-mail, former name or titled surname in the files", async () => {
    const admin = await signedIn("admin");
    const { stylist, service } = await createStylistAndService();
    const client = await createTestClient({
      name: "Harriet Pemberton",
      phone: "07811 123456",
      email: "h.pemberton@old.example",
    });
    const duplicate = await createTestClient({ name: "Hattie Q", phone: "", email: "hattie.dup@merged.example" });
    const bystander = await createTestClient({
      name: "Harriet Keepwell",
      phone: "07400 911911",
      email: "keep@stay.example",
    });

    // She marries and changes her name, e-mail and phone; a duplicate record of hers is merged in.
    const edit = (body: Record<string, unknown>) =>
      call(clientById.action, makeRequest("PUT", `/api/clients/${client.id}`, { token: admin.token, body }), {
        id: String(client.id),
      }).then(json);
    expect(
      (await edit({ name: "Harriet Quackenbush", phone: "07400900777", email: "harriet.q@new.example" })).status,
    ).toBe(200);
    const merged = await json(
      await call(
        merge.action,
        makeRequest("POST", `/api/clients/${client.id}/merge`, {
          token: admin.token,
          body: { duplicateClientId: duplicate.id },
        }),
        { id: String(client.id) },
      ),
    );
    expect(merged.status).toBe(200);

    // The subject-access export shows what was kept of her former details, and why.
    const exported = await json(
      await call(exportApi.loader, makeRequest("GET", `/api/gdpr/export/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(
      exported.body.formerDetails.map(({ field, value }: { field: string; value: string }) => [field, value]),
    ).toEqual([
      ["name", "Harriet Pemberton"],
      ["email", "h.pemberton@old.example"],
      ["phone", "07811 123456"],
      ["name", "Hattie Q"],
      ["email", "hattie.dup@merged.example"],
    ]);

    const say = async (content: string) =>
      expect(
        (
          await json(
            await call(
              messagesApi.action,
              makeRequest("POST", "/api/messages", { token: admin.token, body: { content } }),
            ),
          )
        ).status,
      ).toBe(201);
    await say("Mrs Quackenbush rang from 07400900777");
    await say("New number for mrs. quackenbush: +44 7400 900777 (or 07400 900 777)");
    await say("Old e-mail h.pemberton@old.example bounced; try HATTIE.DUP@merged.example");
    await say("Ms Pemberton, as she was, prefers 07811-123-456; H. Quackenbush is the same person");
    await say("Quackenbush, Harriet: tel:+44-7400-900777, 0044 7400 900777, (07400) 900.777, 447400900777");
    await say("Harriet Keepwell and Mr Keepwell on 07400 911911; Harriet will cover Sunday");

    // Staff text in other records: a bystander's appointment (through the API, so its
    // history holds the note), another client's notes, the shopping list, time off.
    await setBookingRules({ bookingAdvanceLimit: 730 });
    const booked = await json(
      await call(
        appointmentsApi.action,
        makeRequest("POST", "/api/appointments", {
          token: admin.token,
          body: {
            clientId: bystander.id,
            stylistId: stylist.id,
            serviceId: service.id,
            startTime: "2027-03-03T10:00:00.000Z",
            status: "scheduled",
            availabilityOverride: true,
            notes: "Came with Mrs Quackenbush (+447400900777)",
          },
        }),
      ),
    );
    expect(booked.status).toBe(201);
    await db
      .update(clients)
      .set({ notes: "Sister of Miss Pemberton, 07400 900777" })
      .where(eq(clients.id, bystander.id));
    await db
      .insert(shoppingItems)
      .values({ customName: "Toner for Dr Quackenbush", notes: "ring 07400-900-777 when in" });
    await db.insert(timeOff).values({
      stylistId: stylist.id,
      startDate: "2027-03-04",
      endDate: "2027-03-04",
      reason: "Wedding of Harriet Quackenbush",
    });
    await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");

    const forms = [
      "07400900777",
      "7400900777",
      "+44 7400 900777",
      "07400 900 777",
      "07400-900-777",
      "+447400900777",
      "+44-7400-900777",
      "900.777",
      "07811-123-456",
      "123-456",
      "harriet.q@new.example",
      "h.pemberton@old.example",
      "HATTIE.DUP@merged.example",
      "Quackenbush",
      "Pemberton",
    ];
    for (const form of forms)
      expect(occurrences(form), `${form} is in the files before the erasure`).toBeGreaterThan(0);
    // Her former details as they were stored (the edits already zeroed those rows' old versions).
    const stored = ["07811 123456", "07811123456", "Harriet Pemberton", "Hattie Q", "hattie.dup@merged.example"];

    const response = await json(
      await call(erasure.action, makeRequest("DELETE", `/api/gdpr/erasure/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ walEmptied: true, purge: "complete" });
    await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");

    for (const form of [...forms, ...stored])
      expect(occurrences(form), `${form} is still in the database files`).toBe(0);
    expect(await db.select().from(clientFormerDetails)).toEqual([]);

    // Nothing of anyone else's is redacted: not the bystander, nor a first name on its own.
    const chat = await db.select({ content: messages.content }).from(messages).orderBy(messages.id);
    expect(chat.map((row) => row.content)).toEqual([
      "[erased] rang from [erased]",
      "New number for [erased]: [erased] (or [erased])",
      "Old e-mail [erased] bounced; try [erased]",
      "[erased], as she was, prefers [erased]; [erased] is the same person",
      "[erased]: tel:[erased], [erased], ([erased], [erased]",
      "Harriet Keepwell and Mr Keepwell on 07400 911911; Harriet will cover Sunday",
    ]);
    const [bystanderRow] = await db.select().from(clients).where(eq(clients.id, bystander.id));
    expect(bystanderRow!.notes).toBe("Sister of [erased], [erased]");
    const [item] = await db.select().from(shoppingItems);
    expect([item!.customName, item!.notes]).toEqual(["Toner for [erased]", "ring [erased] when in"]);
    const [appointment] = await db
      .select({ notes: appointments.notes })
      .from(appointments)
      .where(eq(appointments.id, booked.body.id));
    expect(appointment!.notes).toBe("Came with [erased] ([erased])");
    const [away] = await db.select().from(timeOff);
    expect(away!.reason).toBe("Wedding of [erased]");
    // The history's copy of a note that mentioned her is replaced whole (its trigger accepts nothing else).
    const entries = await db.select().from(appointmentHistory);
    expect(entries.map((entry) => entry.notesAfter)).toEqual(["[erased]"]);
    expect(occurrences("Harriet Keepwell")).toBeGreaterThan(0);
    expect(occurrences("07400 911911")).toBeGreaterThan(0);
  });
});
