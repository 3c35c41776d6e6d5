// E-mail to clients over a real SMTP server on a local port (decisions 0107, 0108): what a
// staff write queues, what arrives (headers, both parts, the invitation read by ical.js in
// the salon's zone across the October clock change), the unsubscribe headers and link,
// retries after a 421 and none after a 550, header injection refused, HTML escaped.
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, clientNotices, clients, emailLog, salonSettings } from "#db/schema";
import { createAppointment, moveAppointment, updateAppointment } from "~/domain/appointments.server";
import { clientOfUnsubscribeToken, unsubscribeToken } from "~/domain/email.server";
import { eraseClient, exportClientData } from "~/domain/gdpr.server";
import { EMAIL_RETRY_DELAYS_MS, runEmailNotices, UNDOABLE_CHANGE_WAIT_MS } from "~/domain/email-notices.server";
import * as salonSettingsApi from "~/routes/api.salon-settings._index";
import * as testEmailApi from "~/routes/api.test-email";
import * as emailLogApi from "~/routes/api.email.log";
import * as unsubscribePage from "~/routes/unsubscribe.$token";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import * as calendarScreen from "~/routes/_app.calendar";
import * as salonTab from "~/routes/_app.settings.salon";
import { createStylistAndService, createTestAppointment, createTestClient } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { startFakeSmtp, type FakeSmtp } from "../smtp-fake-server";
import { pinClock } from "../clock";

// Before the clock change of Sunday 25 October 2026 in London (BST until 02:00, then GMT).
pinClock("2026-10-20T09:00:00.000Z");
process.env.EMAIL_SEND_AFTER_WRITE = "0";

let smtp: FakeSmtp;
let admin: Awaited<ReturnType<typeof signedIn>>;

async function configureEmail(overrides: Partial<typeof salonSettings.$inferInsert> = {}) {
  await db.insert(salonSettings).values({ id: 1 }).onConflictDoNothing();
  await db.update(salonSettings).set({
    salonName: "Willow & Shear",
    timeZone: "Europe/London",
    address: "1 High Street, York",
    emailEnabled: true,
    smtpHost: "127.0.0.1",
    smtpPort: smtp.port,
    smtpSecurity: "none",
    smtpUser: "",
    smtpPassword: "",
    emailFrom: "bookings@willow.test",
    emailReplyTo: "hello@willow.test",
    reminderHoursBefore: 24,
    emailConfirmationSubject: "",
    emailConfirmationText: "",
    ...overrides,
  });
}

/** A booking made through the domain (the staff write path), on a London wall-clock time. */
async function book(startUtc: string, client: Partial<typeof clients.$inferInsert> = {}) {
  const { stylist, service } = await createStylistAndService({ name: "Cut & Colour" });
  const created = await createTestClient({ name: "Ada Lovelace", email: `ada${Math.random()}@example.com`, ...client });
  const saved = await createAppointment(admin.user, {
    clientId: created.id,
    stylistId: stylist.id,
    serviceId: service.id,
    start: new Date(startUtc),
    status: "scheduled",
    notes: null,
    availabilityOverride: true,
  });
  return { id: saved.id, client: created, stylist, service };
}

const noticesOf = (appointmentId: number) =>
  db.select().from(clientNotices).where(eq(clientNotices.appointmentId, appointmentId));

function icsOf(index: number) {
  const attachment = smtp.received[index]!.mail.attachments.find((file) => file.contentType === "text/calendar");
  expect(attachment).toBeDefined();
  const text = attachment!.content.toString("utf8");
  const component = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(component.getFirstSubcomponent("vevent")!);
  return { text, method: component.getFirstPropertyValue("method"), event };
}

/** The event's start as London's clock shows it. */
function londonWallClock(instant: Date) {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    dateStyle: "short",
    timeStyle: "short",
  }).format(instant);
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  admin = await signedIn("admin");
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.received.length = 0;
  // Each test judges only its own appointments: earlier ones are out of the way.
  await db.update(appointments).set({ status: "completed" });
  await configureEmail();
});

describe("settings", () => {
  it("never answers the SMTP password, and a new host clears it unless one is given", async () => {
    const save = (body: object) =>
      call(salonSettingsApi.action, makeRequest("POST", "/api/salon-settings", { token: admin.token, body })).then(
        json,
      );
    const saved = await save({ smtpHost: "smtp.one.test", smtpUser: "salon", smtpPassword: "s3cret-one" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ smtpHost: "smtp.one.test", smtpPassword: "", smtpPasswordSet: true });
    expect(JSON.stringify(saved.body)).not.toContain("s3cret-one");
    // A blank password keeps the stored one for the same host...
    expect((await save({ smtpPort: 465, smtpPassword: "" })).body.smtpPasswordSet).toBe(true);
    // ...another host drops it...
    expect((await save({ smtpHost: "smtp.two.test" })).body.smtpPasswordSet).toBe(false);
    // ...unless a new one comes with it.
    const both = await save({ smtpHost: "smtp.three.test", smtpPassword: "s3cret-three" });
    expect(both.body.smtpPasswordSet).toBe(true);
    const [row] = await db.select().from(salonSettings).limit(1);
    expect(row!.smtpPassword).toBe("s3cret-three");
    const got = await call(salonSettingsApi.loader, makeRequest("GET", "/api/salon-settings", { token: admin.token }));
    expect((await json(got)).body.smtpPassword).toBe("");
    // Refused: a line break in an address, an unknown security.
    expect((await save({ emailFrom: "a@b.test\r\nBcc: x@y.test" })).status).toBe(400);
    expect((await save({ smtpSecurity: "ssl" })).status).toBe(400);
  });

  it("keeps the e-mail settings when the Settings screen's Salon tab is saved", async () => {
    const saved = await call(
      salonTab.action,
      makeRequest("POST", "/settings/salon", {
        cookie: admin.cookie,
        form: { salonName: "Willow & Shear", openTime: "09:00", closeTime: "18:00", timeZone: "Europe/London" },
      }),
    );
    expect((saved as Response).status).toBe(302);
    const [row] = await db.select().from(salonSettings).limit(1);
    expect(row).toMatchObject({ emailEnabled: true, smtpHost: "127.0.0.1", emailFrom: "bookings@willow.test" });
  });

  it("sends a test e-mail, and answers the server's own refusal", async () => {
    const sent = await call(
      testEmailApi.action,
      makeRequest("POST", "/api/test-email", { token: admin.token, body: { to: "owner@willow.test" } }),
    ).then(json);
    expect(sent).toMatchObject({ status: 200, body: { success: true } });
    expect(smtp.received[0]!.envelopeTo).toEqual(["owner@willow.test"]);
    smtp.refuseNext(550, "5.1.1 Mailbox does not exist");
    const refused = await call(
      testEmailApi.action,
      makeRequest("POST", "/api/test-email", { token: admin.token, body: { to: "nobody@willow.test" } }),
    ).then(json);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ success: false, message: expect.stringContaining("5.1.1 Mailbox does not exist") });
    const bad = await call(
      testEmailApi.action,
      makeRequest("POST", "/api/test-email", { token: admin.token, body: { to: "not-an-address" } }),
    ).then(json);
    expect(bad.status).toBe(400);
  });
});

describe("messages", () => {
  it("confirms a booking once: headers, both parts, and an invitation at the right London time after the clock change", async () => {
    // Monday 26 October, 10:00 in London, GMT again: 10:00 UTC.
    const booking = await book("2026-10-26T10:00:00.000Z", { name: "Ada <b>Lovelace</b> & Co" });
    expect(await noticesOf(booking.id)).toEqual([
      expect.objectContaining({ channel: "email", kind: "confirmation", status: "sending" }),
    ]);
    expect(await runEmailNotices()).toMatchObject({ sent: 1 });
    expect(await runEmailNotices()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
    const { mail } = smtp.received[0]!;
    expect(mail.from?.value[0]).toEqual({ name: "Willow & Shear", address: "bookings@willow.test" });
    expect(mail.replyTo?.value[0]?.address).toBe("hello@willow.test");
    expect(mail.subject).toBe("Your appointment at Willow & Shear on Monday, October 26, 2026");
    expect(mail.text).toContain("Monday, October 26, 2026 at 10:00 AM (Europe/London time)");
    expect(mail.text).toContain("Hi Ada <b>Lovelace</b> & Co,");
    expect(mail.html).toContain("Hi Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co,");
    expect(mail.html).not.toContain("<b>Lovelace</b>");
    expect(mail.headers.get("list-unsubscribe")).toBeUndefined();

    const { method, event } = icsOf(0);
    expect(method).toBe("REQUEST");
    expect(event.uid).toBe(`appointment-${booking.id}@localhost`);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-10-26T10:00:00.000Z");
    expect(londonWallClock(event.startDate.toJSDate())).toBe("26/10/2026, 10:00");
    const [log] = await db.select().from(emailLog).where(eq(emailLog.appointmentId, booking.id));
    expect(log).toMatchObject({ status: "sent", kind: "confirmation", response: expect.stringContaining("250") });
  });

  it("records a message whose process stopped mid-send as failed, and never sends it again", async () => {
    const booking = await book("2026-10-27T10:00:00.000Z");
    // Another process claimed it and stopped: its lease ran out a minute ago.
    await db
      .update(clientNotices)
      .set({ claimedBy: "stopped-host:4242", nextAttemptAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(clientNotices.appointmentId, booking.id));
    const before = smtp.received.length;
    expect(await runEmailNotices()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(before);
    expect(await noticesOf(booking.id)).toEqual([
      expect.objectContaining({ status: "failed", error: expect.stringContaining("whether it was sent is unknown") }),
    ]);
  });

  it("tells the client of a move and a cancellation, with the same UID and a higher SEQUENCE, and keeps quiet when told to", async () => {
    // Saturday 24 October, 10:00 in London, still BST: 09:00 UTC.
    const booking = await book("2026-10-24T09:00:00.000Z");
    await runEmailNotices();
    const first = icsOf(0);
    expect(londonWallClock(first.event.startDate.toJSDate())).toBe("24/10/2026, 10:00");

    // Moved across the clock change to Monday 10:00 London (GMT).
    await moveAppointment(admin.user, booking.id, { start: new Date("2026-10-26T10:00:00.000Z") });
    await runEmailNotices();
    expect(smtp.received).toHaveLength(2);
    const moved = icsOf(1);
    expect(smtp.received[1]!.mail.subject).toBe("Your appointment at Willow & Shear has changed");
    expect(smtp.received[1]!.mail.text).toContain("Monday, October 26, 2026 at 10:00 AM");
    expect(moved.method).toBe("REQUEST");
    expect(moved.event.uid).toBe(first.event.uid);
    expect(moved.event.sequence).toBeGreaterThan(first.event.sequence);
    expect(londonWallClock(moved.event.startDate.toJSDate())).toBe("26/10/2026, 10:00");

    // Staff untick "Tell the client": nothing is queued.
    await moveAppointment(admin.user, booking.id, {
      start: new Date("2026-10-26T11:00:00.000Z"),
      notifyClient: false,
    });
    await runEmailNotices();
    expect(smtp.received).toHaveLength(2);

    const [row] = await db.select().from(appointments).where(eq(appointments.id, booking.id));
    await updateAppointment(admin.user, booking.id, {
      clientId: row!.clientId,
      stylistId: row!.stylistId,
      serviceId: row!.serviceId,
      start: new Date(row!.startTime),
      end: new Date(row!.endTime),
      status: "cancelled",
      notes: null,
    });
    await runEmailNotices();
    expect(smtp.received).toHaveLength(3);
    const cancelled = icsOf(2);
    expect(smtp.received[2]!.mail.subject).toBe("Your appointment at Willow & Shear is cancelled");
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.text).toContain("STATUS:CANCELLED");
    expect(cancelled.event.uid).toBe(first.event.uid);
    expect(cancelled.event.sequence).toBeGreaterThan(moved.event.sequence);
  });

  it("sends what a write queued right after it commits, without waiting for the loop", async () => {
    process.env.EMAIL_SEND_AFTER_WRITE = "1";
    try {
      const booking = await book("2026-10-27T09:00:00.000Z");
      for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received).toHaveLength(1);
      await expect.poll(async () => (await noticesOf(booking.id))[0]?.status).toBe("sent");
    } finally {
      process.env.EMAIL_SEND_AFTER_WRITE = "0";
    }
  });

  it("queues nothing while e-mail is off or for a client without an address", async () => {
    await configureEmail({ emailEnabled: false });
    const off = await book("2026-10-27T10:00:00.000Z");
    await configureEmail();
    const none = await book("2026-10-27T11:00:00.000Z", { email: null });
    expect(await noticesOf(off.id)).toEqual([]);
    expect(await noticesOf(none.id)).toEqual([]);
  });

  it("refuses a line break in any header value, and sends nothing", async () => {
    await configureEmail({ emailConfirmationSubject: "Booked for {clientName}" });
    const booking = await book("2026-10-27T12:00:00.000Z");
    // A name stored before line breaks were refused (straight in the database).
    await db.update(clients).set({ name: "Eve\r\nBcc: victim@example.com" }).where(eq(clients.id, booking.client.id));
    expect(await runEmailNotices()).toMatchObject({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const [log] = await db.select().from(emailLog).where(eq(emailLog.appointmentId, booking.id));
    expect(log).toMatchObject({ status: "failed", response: "Refused: the subject contains a line break." });
  });
});

describe("the edit dialog's Tell the client", () => {
  it("tells the client when ticked (the default) and not when unticked, without JavaScript", async () => {
    const booking = await book("2026-10-27T14:00:00.000Z");
    await runEmailNotices();
    smtp.received.length = 0;
    const form = (time: string, tell: boolean) => ({
      intent: "update",
      clientId: String(booking.client.id),
      clientName: booking.client.name,
      date: "2026-10-27",
      time,
      stylistId: String(booking.stylist.id),
      serviceId: String(booking.service.id),
      duration: "60",
      status: "scheduled",
      availabilityOverride: "on",
      notifyShown: "on",
      ...(tell ? { notifyClient: "on" } : {}),
    });
    const post = (body: Record<string, string>) =>
      call(
        editDialog.action,
        makeRequest("POST", `/calendar/appointments/${booking.id}`, { cookie: admin.cookie, form: body }),
        { appointmentId: String(booking.id) },
      );
    expect(((await post(form("15:00", false))) as Response).status).toBe(302);
    expect(await runEmailNotices()).toMatchObject({ sent: 0 });
    expect(((await post(form("16:00", true))) as Response).status).toBe(302);
    expect(await runEmailNotices()).toMatchObject({ sent: 1 });
    expect(smtp.received[0]!.mail.text).toContain("at 4:00 PM (Europe/London time)");
  });
});

describe("a drag's Undo", () => {
  /** The calendar's drag (or its toast's Undo) as the browser posts it, on a London wall clock. */
  const drag = async (booking: Awaited<ReturnType<typeof book>>, time: string, undo = false) => {
    const form = {
      intent: "move",
      id: String(booking.id),
      stylistId: String(booking.stylist.id),
      date: "2026-10-28",
      time,
      visitScope: "line",
      ...(undo ? { undo: "1" } : {}),
    };
    const answer = await call(calendarScreen.action, makeRequest("POST", "/calendar", { cookie: admin.cookie, form }));
    expect(answer).toMatchObject({ intent: "move", moved: true });
  };
  /** A run as the clock will be once a drag's e-mail has waited out its Undo. */
  const runOnceWaited = () => runEmailNotices(() => new Date(Date.now() + UNDOABLE_CHANGE_WAIT_MS + 1000));
  const changesOf = async (appointmentId: number) =>
    (await noticesOf(appointmentId)).filter((notice) => notice.kind === "change");

  it("holds a drag's change e-mail for its Undo; an Undo in time takes it back and the client hears of neither", async () => {
    // Wednesday 28 October, 10:00 in London (GMT).
    const booking = await book("2026-10-28T10:00:00.000Z");
    await runEmailNotices();
    smtp.received.length = 0;

    await drag(booking, "11:00");
    expect(await runEmailNotices()).toMatchObject({ sent: 0 });
    await drag(booking, "10:00", true);
    expect(await runOnceWaited()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await changesOf(booking.id)).toEqual([]);

    // Left alone, the drag's e-mail goes once its wait is over.
    await drag(booking, "12:00");
    expect(await runEmailNotices()).toMatchObject({ sent: 0 });
    expect(await runOnceWaited()).toMatchObject({ sent: 1 });
    expect(smtp.received[0]!.mail.subject).toBe("Your appointment at Willow & Shear has changed");
    expect(smtp.received[0]!.mail.text).toContain("at 12:00 PM (Europe/London time)");
  });

  it("tells the client of an Undo that comes after the move's e-mail went", async () => {
    const booking = await book("2026-10-28T14:00:00.000Z");
    await runEmailNotices();
    smtp.received.length = 0;
    await drag(booking, "15:00");
    expect(await runOnceWaited()).toMatchObject({ sent: 1 });
    await drag(booking, "14:00", true);
    // The client was told of 3:00 PM: the Undo's own e-mail goes at once.
    expect(await runEmailNotices()).toMatchObject({ sent: 1 });
    expect(smtp.received.map((mail) => mail.mail.text?.match(/at \d+:00 PM/)?.[0])).toEqual([
      "at 3:00 PM",
      "at 2:00 PM",
    ]);
  });

  it("takes back only the last move's e-mail: the one before still tells the client where the booking is", async () => {
    const booking = await book("2026-10-28T16:00:00.000Z");
    await runEmailNotices();
    smtp.received.length = 0;
    await drag(booking, "17:00");
    await drag(booking, "18:00");
    await drag(booking, "17:00", true);
    expect(await runOnceWaited()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.text).toContain("at 5:00 PM (Europe/London time)");
  });
});

describe("deleting a booking", () => {
  const deleteSummary = async (appointmentId: number) => {
    const data = (await call(
      editDialog.loader,
      makeRequest("GET", `/calendar/appointments/${appointmentId}?confirm=delete`, { cookie: admin.cookie }),
      { appointmentId: String(appointmentId) },
    )) as { summary: { deleteLeavesClientUntold: boolean } };
    return data.summary.deleteLeavesClientUntold;
  };

  it("says in the confirmation when the client, e-mailed about it, is not told of a delete; and sends nothing", async () => {
    const booking = await book("2026-10-29T10:00:00.000Z");
    await runEmailNotices();
    smtp.received.length = 0;
    expect(await deleteSummary(booking.id)).toBe(true);
    // No address, or e-mail off: nothing to say.
    const silent = await book("2026-10-29T12:00:00.000Z", { email: null });
    expect(await deleteSummary(silent.id)).toBe(false);
    await configureEmail({ emailEnabled: false });
    expect(await deleteSummary(booking.id)).toBe(false);
    await configureEmail();

    const deleted = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${booking.id}`, {
        cookie: admin.cookie,
        form: { intent: "delete", scope: "this", visitScope: "line" },
      }),
      { appointmentId: String(booking.id) },
    );
    expect((deleted as Response).status).toBe(302);
    expect(await runEmailNotices()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
  });
});

describe("retries", () => {
  it("retries after a 421 with backoff, and never after a 550", async () => {
    const later = await book("2026-10-28T10:00:00.000Z");
    smtp.refuseNext(421, "4.7.0 Try again later");
    expect(await runEmailNotices()).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await noticesOf(later.id);
    expect(waiting).toMatchObject({ status: "sending", claimedBy: "", attempts: 1 });
    expect(Date.parse(waiting!.nextAttemptAt!) - Date.now()).toBeGreaterThan(EMAIL_RETRY_DELAYS_MS[0]! - 5_000);
    // Not before its time...
    expect(await runEmailNotices()).toMatchObject({ sent: 0, retrying: 0 });
    // ...then it goes.
    const due = new Date(Date.parse(waiting!.nextAttemptAt!) + 1000);
    expect(await runEmailNotices(() => due)).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect((await noticesOf(later.id))[0]).toMatchObject({ status: "sent", attempts: 2 });

    const never = await book("2026-10-28T11:00:00.000Z");
    smtp.refuseNext(550, "5.1.1 No such user here");
    expect(await runEmailNotices()).toMatchObject({ sent: 0, failed: 1 });
    expect((await noticesOf(never.id))[0]).toMatchObject({
      status: "failed",
      error: expect.stringContaining("550 5.1.1 No such user here"),
    });
    expect(await runEmailNotices(() => new Date(Date.now() + 24 * 3600_000))).toMatchObject({ sent: 0 });
  });
});

describe("reminders and unsubscribing", () => {
  it("reminds with the one-click unsubscribe headers; an unsubscribed client gets confirmations but no reminders", async () => {
    const { stylist, service } = await createStylistAndService();
    const client = await createTestClient({ email: "grace@example.com" });
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 30 * 3600_000).toISOString(), // outside the 24 hours
    });
    expect(await runEmailNotices()).toMatchObject({ queuedReminders: 1, sent: 1 });
    expect(await runEmailNotices()).toMatchObject({ queuedReminders: 0, sent: 0 });
    const { mail } = smtp.received[0]!;
    expect(mail.subject).toContain("Reminder:");
    const raw = smtp.received[0]!.raw.replace(/\r\n[ \t]+/g, " ");
    const link = /^List-Unsubscribe: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
    expect(link).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\/\d+\.[A-Za-z0-9_-]{32}>$/);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.text).toContain(link.slice(1, -1));
    const token = link.slice(1, -1).split("/unsubscribe/")[1]!;
    expect(clientOfUnsubscribeToken(token)).toBe(client.id);
    expect(clientOfUnsubscribeToken(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(clientOfUnsubscribeToken(`${client.id + 1}.${token.split(".")[1]}`)).toBeNull();
    expect(await noticesOf(appointment.id)).toEqual([expect.objectContaining({ kind: "reminder", status: "sent" })]);

    // GET only shows the button; the one-click POST (no cookie, no Origin) unsubscribes.
    const shown = await call(unsubscribePage.loader, makeRequest("GET", `/unsubscribe/${token}`), { token });
    expect(shown).toMatchObject({ unsubscribed: false });
    const posted = await call(
      unsubscribePage.action,
      makeRequest("POST", `/unsubscribe/${token}`, { form: { "List-Unsubscribe": "One-Click" } }),
      { token },
    );
    expect(posted).toEqual({ unsubscribed: true });
    const [after] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(after!.emailUnsubscribedAt).not.toBeNull();
    const forged = await call(unsubscribePage.action, makeRequest("POST", "/unsubscribe/1.x"), { token: "1.x" });
    expect(forged).toMatchObject({ init: { status: 404 } });

    // The next appointment comes into the window: no reminder; a booking is still confirmed.
    await createTestAppointment({
      clientId: client.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 5 * 3600_000).toISOString(),
    });
    smtp.received.length = 0;
    expect(await runEmailNotices()).toMatchObject({ queuedReminders: 0, sent: 0 });
    // What an unsubscribed client books is still confirmed.
    await book("2026-10-29T11:00:00.000Z", {
      email: "grace2@example.com",
      emailUnsubscribedAt: new Date().toISOString(),
    });
    expect(await runEmailNotices()).toMatchObject({ sent: 1 });
    expect(smtp.received[0]!.envelopeTo).toEqual(["grace2@example.com"]);
  });

  it("signs tokens per client", () => {
    expect(unsubscribeToken(7)).not.toBe(unsubscribeToken(8));
    expect(clientOfUnsubscribeToken(unsubscribeToken(7))).toBe(7);
  });
});

describe("the client's data", () => {
  it("exports the e-mails sent and the unsubscribe, and an erasure blanks the log's addresses", async () => {
    const booking = await book("2026-10-30T10:00:00.000Z", { email: "erase.me@example.com" });
    await runEmailNotices();
    await db
      .update(clients)
      .set({ emailUnsubscribedAt: new Date().toISOString() })
      .where(eq(clients.id, booking.client.id));
    const exported = await exportClientData(admin.user, booking.client.id);
    expect(exported.data.consent.emailUnsubscribedAt).toEqual(expect.any(String));
    expect(exported.data.emails).toEqual([
      expect.objectContaining({ to: "erase.me@example.com", kind: "confirmation", status: "sent" }),
    ]);
    await eraseClient(admin.user, booking.client.id);
    const logs = await db.select().from(emailLog).where(eq(emailLog.appointmentId, booking.id));
    expect(logs).toEqual([expect.objectContaining({ toAddress: "", clientId: null, status: "sent" })]);
    expect(JSON.stringify(await db.select().from(emailLog))).not.toContain("erase.me@example.com");
  });
});

describe("the log", () => {
  it("pages the e-mail log newest first, for admins", async () => {
    const first = await call(emailLogApi.loader, makeRequest("GET", "/api/email/log?limit=2", { token: admin.token }));
    const page = await json(first);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(Date.parse(page.body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(page.body[1].createdAt));
    expect(page.body[0]).toMatchObject({
      kind: expect.any(String),
      status: expect.any(String),
      toAddress: expect.any(String),
    });
    const next = (first as Response).headers.get("Link");
    expect(next).toMatch(/cursor=.*rel="next"/);
    const stylist = await signedIn("stylist");
    const refused = await call(emailLogApi.loader, makeRequest("GET", "/api/email/log", { token: stylist.token }));
    expect((refused as Response).status).toBe(403);
  });
});
