// SMS reminders (SPEC §2 SMS Reminders, §5 Test SMS, §7, §9): the admin's settings and
// status, the log, the stylists' preferences, the Test SMS, STOP replies, and the one
// function that renders, sends and records a text (used by the scheduler as well).
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, isNull, lte, ne, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { SmsProvider } from "#db/enums";
import {
  appointments,
  clients,
  jobRuns,
  services,
  smsInbound,
  smsLog,
  smsReminders,
  stylists,
  type SalonSettings,
} from "#db/schema";
import { DEFAULT_COUNTRY, toE164 } from "~/lib/phone";
import type { Page, PageRequest } from "~/lib/paging";
import { SmsSettingsSchema } from "~/lib/schemas/settings";
import { SMS_ADMIN_ONLY, TEST_ID_REQUIRED } from "~/lib/schemas/sms";
import { SMS_PROVIDER_DETAILS } from "~/lib/sms-providers";
import {
  appointmentDateTime,
  renderTemplate,
  smsSegments,
  SMS_SCREEN_DEFAULT_TEMPLATE,
  type TemplateValues,
} from "~/lib/sms-template";
import { DEFAULT_REMINDER_TEMPLATE } from "~/lib/schemas/settings";
import { publish } from "./events.server";
import { assertCan, type Actor } from "./access.server";
import { Invalid, NotFound } from "./errors";
import { readSettingsWithSecret, saveSalonSettings, type SalonSettingsView } from "./settings.server";
import { credentialsComplete, sendSms } from "./sms-providers.server";
import { STYLIST_NOT_FOUND } from "./stylists.server";
import { afterKey, cursorKey, pageOf, TextIdCursor } from "./paging.server";
import { countStrandedClaims } from "./reminders.server";

export const REMINDER_JOB = "sms-reminders";

const SMS_NOT_ENABLED = "SMS reminders are turned off. Turn them on and save before sending a test.";
const APPOINTMENT_NOT_FOUND = "Appointment not found";

function assertSms(actor: Actor) {
  assertCan(actor, "sms.manage", SMS_ADMIN_ONLY);
}

// ---------------------------------------------------------------------------------------
// Rendering and sending one text

export type TextContext = {
  appointmentId: number;
  startTime: string;
  status: string;
  clientId: number | null;
  clientName: string | null;
  clientPhone: string | null;
  clientOptedOutAt: string | null;
  serviceName: string | null;
  stylistName: string;
  stylistSmsEnabled: boolean;
};

const textContextColumns = {
  appointmentId: appointments.id,
  startTime: appointments.startTime,
  status: appointments.status,
  clientId: appointments.clientId,
  clientName: clients.name,
  clientPhone: clients.phone,
  clientOptedOutAt: clients.smsOptedOutAt,
  serviceName: services.name,
  stylistName: stylists.name,
  stylistSmsEnabled: stylists.smsRemindersEnabled,
};

export function textContextQuery(executor: Executor) {
  return executor
    .select(textContextColumns)
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId));
}

async function textContext(executor: Executor, appointmentId: number): Promise<TextContext | null> {
  const [row] = await textContextQuery(executor).where(eq(appointments.id, appointmentId)).limit(1);
  return row ?? null;
}

function salonName(settings: Pick<SalonSettings, "salonName">) {
  return settings.salonName.trim() || "the salon";
}

export function templateValues(
  settings: Pick<SalonSettings, "salonName" | "timeZone" | "clockFormat">,
  context: Pick<TextContext, "clientName" | "serviceName" | "stylistName" | "startTime">,
): TemplateValues {
  return {
    clientName: context.clientName ?? "",
    serviceName: context.serviceName ?? "your appointment",
    stylistName: context.stylistName,
    salonName: salonName(settings),
    ...appointmentDateTime(context.startTime, settings.timeZone, settings.clockFormat),
  };
}

export type Delivery = {
  status: "sent" | "failed";
  to: string;
  logId: number;
  messageId: string | null;
  error: string | null;
};

/**
 * Renders the reminder for one appointment, sends it through the salon's provider and
 * records the outcome in the SMS log. An invalid number is a recorded failure, not an
 * exception. `stillWanted` stops retries once the appointment has started.
 */
export async function deliverText(
  settings: SalonSettings,
  context: TextContext,
  kind: "reminder" | "test",
  stillWanted?: () => boolean,
): Promise<Delivery> {
  const body = renderTemplate(
    settings.reminderTemplate || DEFAULT_REMINDER_TEMPLATE,
    templateValues(settings, context),
  );
  return sendLoggedText(
    settings,
    { clientId: context.clientId, appointmentId: context.appointmentId, phone: context.clientPhone },
    body,
    kind,
    stillWanted,
  );
}

/** Who a text goes to, as the SMS log records it. */
export type TextRecipient = { clientId: number | null; appointmentId: number | null; phone: string | null };

/**
 * Sends one text through the salon's provider and records the outcome in the SMS log (a
 * reminder, a Test SMS, or a notice about an online booking). An invalid number is a
 * recorded failure, not an exception.
 */
export async function sendLoggedText(
  settings: SalonSettings,
  recipient: TextRecipient,
  body: string,
  kind: "reminder" | "test" | "notice",
  stillWanted?: () => boolean,
): Promise<Delivery> {
  const to = toE164(recipient.phone, settings.country);
  const from = toE164(settings.smsFromNumber, settings.country) ?? settings.smsFromNumber.trim();
  const result = to
    ? await sendSms(
        { provider: settings.smsProvider, apiKey: settings.smsApiKey, apiSecret: settings.smsApiSecret },
        { to, from, body },
        stillWanted,
      )
    : ({
        ok: false,
        error: `Invalid phone number for ${settings.country || DEFAULT_COUNTRY}`,
        transient: false,
        attempts: 0,
      } as const);
  const [row] = await db
    .insert(smsLog)
    .values({
      clientId: recipient.clientId,
      appointmentId: recipient.appointmentId,
      provider: settings.smsProvider,
      toNumber: to ?? (recipient.phone ?? "").slice(0, 40),
      body,
      kind,
      status: result.ok ? "sent" : "failed",
      providerMessageId: result.ok ? result.messageId : null,
      error: result.ok ? null : result.error,
    })
    .returning({ id: smsLog.id });
  return {
    status: result.ok ? "sent" : "failed",
    to: to ?? "",
    logId: row!.id,
    messageId: result.ok ? result.messageId : null,
    error: result.ok ? null : result.error,
  };
}

// ---------------------------------------------------------------------------------------
// The SMS screen and /api

type SmsSettingsView = Pick<
  SalonSettingsView,
  | "smsEnabled"
  | "smsProvider"
  | "smsApiKey"
  | "smsApiSecret"
  | "smsApiSecretSet"
  | "smsFromNumber"
  | "reminderHoursBefore"
  | "reminderTemplate"
  | "country"
  | "updatedAt"
>;

function smsView(settings: SalonSettings): SmsSettingsView {
  return {
    smsEnabled: settings.smsEnabled,
    smsProvider: settings.smsProvider,
    smsApiKey: settings.smsApiKey,
    smsApiSecret: "",
    smsApiSecretSet: settings.smsApiSecret.length > 0,
    smsFromNumber: settings.smsFromNumber,
    reminderHoursBefore: settings.reminderHoursBefore,
    reminderTemplate: settings.reminderTemplate,
    country: settings.country,
    updatedAt: settings.updatedAt,
  };
}

/** Whether SMS has never been set up: the SMS screen then suggests its own defaults (SPEC §9). */
function neverConfigured(settings: SalonSettings) {
  return !settings.smsEnabled && !settings.smsApiKey && !settings.smsApiSecret && !settings.smsFromNumber;
}

/** The form's starting values: what is stored, or for a salon that never set SMS up, Plivo and the SMS screen's template. */
export async function getSmsSettings(
  actor: Actor,
): Promise<{ settings: SmsSettingsView; formDefaults: SmsSettingsView }> {
  assertSms(actor);
  const stored = await readSettingsWithSecret({ fresh: true });
  const settings = smsView(stored);
  const formDefaults = neverConfigured(stored)
    ? {
        ...settings,
        smsProvider: "plivo" as const,
        reminderTemplate:
          stored.reminderTemplate === DEFAULT_REMINDER_TEMPLATE ? SMS_SCREEN_DEFAULT_TEMPLATE : stored.reminderTemplate,
      }
    : settings;
  return { settings, formDefaults };
}

/** Saves the SMS settings (and only those) over the stored salon settings. */
export async function saveSmsSettings(actor: Actor, input: Record<string, unknown>): Promise<SmsSettingsView> {
  assertSms(actor);
  const parsed = SmsSettingsSchema.safeParse(input);
  if (!parsed.success)
    throw new Invalid(
      "Please correct the highlighted settings.",
      parsed.error.flatten().fieldErrors as Record<string, string[]>,
    );
  await saveSalonSettings(actor, parsed.data);
  return smsView(await readSettingsWithSecret({ fresh: true }));
}

type StylistPreference = { id: number; name: string; email: string; smsRemindersEnabled: boolean };

export async function listStylistPreferences(actor: Actor): Promise<StylistPreference[]> {
  assertSms(actor);
  return db
    .select({
      id: stylists.id,
      name: stylists.name,
      email: stylists.email,
      smsRemindersEnabled: stylists.smsRemindersEnabled,
    })
    .from(stylists)
    .where(eq(stylists.isActive, true))
    .orderBy(asc(stylists.name), asc(stylists.id));
}

/** `PUT /api/stylists/{id}/sms-preference`: whether this stylist's clients get reminders. */
export async function setStylistSmsPreference(
  actor: Actor,
  stylistId: number,
  enabled: boolean,
): Promise<StylistPreference> {
  assertSms(actor);
  return writeTransaction(async (tx) => {
    const [row] = await tx
      .update(stylists)
      .set({ smsRemindersEnabled: enabled })
      .where(and(eq(stylists.id, stylistId), eq(stylists.isActive, true)))
      .returning({
        id: stylists.id,
        name: stylists.name,
        email: stylists.email,
        smsRemindersEnabled: stylists.smsRemindersEnabled,
      });
    if (!row) throw new NotFound(STYLIST_NOT_FOUND);
    await publish(tx, "settings", stylistId);
    return row;
  });
}

export type SmsLogEntry = {
  id: number;
  createdAt: string;
  kind: "reminder" | "test" | "notice";
  status: "sent" | "failed" | "unknown";
  provider: SmsProvider;
  toNumber: string;
  clientId: number | null;
  clientName: string | null;
  appointmentId: number | null;
  appointmentStart: string | null;
  providerMessageId: string | null;
  error: string | null;
};

/** The SMS log, newest first, keyset-paged on (sent at, id) (decision 0065), with the count of all entries. */
export async function listSmsLog(actor: Actor, page: PageRequest): Promise<Page<SmsLogEntry> & { total: number }> {
  assertSms(actor);
  const after = cursorKey(page.after, TextIdCursor);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(smsLog);
  const rows = await db
    .select({
      id: smsLog.id,
      createdAt: smsLog.createdAt,
      kind: smsLog.kind,
      status: smsLog.status,
      provider: smsLog.provider,
      toNumber: smsLog.toNumber,
      clientId: smsLog.clientId,
      clientName: clients.name,
      appointmentId: smsLog.appointmentId,
      appointmentStart: appointments.startTime,
      providerMessageId: smsLog.providerMessageId,
      error: smsLog.error,
    })
    .from(smsLog)
    .leftJoin(clients, eq(clients.id, smsLog.clientId))
    .leftJoin(appointments, eq(appointments.id, smsLog.appointmentId))
    .where(afterKey(smsLog.createdAt, smsLog.id, after, "desc"))
    .orderBy(desc(smsLog.createdAt), desc(smsLog.id))
    .limit(page.limit + 1);
  return {
    ...pageOf(
      rows,
      page,
      (row) => [row.createdAt, row.id],
      (row) => row,
    ),
    total,
  };
}

/** Conditions for an appointment whose client should get a reminder (apart from timing and claims). */
export function remindable() {
  return and(
    eq(appointments.status, "scheduled"),
    eq(stylists.smsRemindersEnabled, true),
    ne(clients.phone, ""),
    isNull(clients.smsOptedOutAt),
    sql`not exists (select 1 from ${smsReminders} where ${smsReminders.appointmentId} = ${appointments.id} and ${smsReminders.startTime} = ${appointments.startTime})`,
  );
}

type DueReminder = {
  appointmentId: number;
  clientName: string | null;
  stylistName: string;
  startTime: string;
  dueAt: string;
};

export type SmsStatus = {
  enabled: boolean;
  credentialsComplete: boolean;
  provider: SmsProvider;
  lastRunAt: string | null;
  lastRunError: string | null;
  sentLast24Hours: number;
  failedLast24Hours: number;
  strandedClaims: number;
  nextDue: DueReminder[];
  remindersNext30Days: number;
  segmentsPerMessage: number;
  costPerMessage: number;
  estimatedMonthlyCost: number;
};

/**
 * The System Status card. The monthly estimate is the reminders the next 30 days would send
 * (today's bookings, preferences and opt-outs) times the template's segments times the
 * provider's price per message.
 */
export async function getSmsStatus(actor: Actor, now = new Date()): Promise<SmsStatus> {
  assertSms(actor);
  const settings = await readSettingsWithSecret({ fresh: true });
  const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const counts = await db
    .select({ status: smsLog.status, n: count() })
    .from(smsLog)
    .where(gte(smsLog.createdAt, since))
    .groupBy(smsLog.status);
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.name, REMINDER_JOB)).limit(1);
  const hours = settings.reminderHoursBefore;
  const upcoming = and(remindable(), gt(appointments.startTime, now.toISOString()));
  const next = await textContextQuery(db)
    .where(upcoming)
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(5);
  const horizon = new Date(now.getTime() + 30 * 24 * 3600_000).toISOString();
  const [{ n: monthly } = { n: 0 }] = await db
    .select({ n: count() })
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(and(upcoming, lte(appointments.startTime, horizon)));
  const preview = await previewReminder(actor, settings.reminderTemplate, now);
  const segments = Math.max(1, preview.segments.segments);
  const costPerMessage = SMS_PROVIDER_DETAILS[settings.smsProvider].costPerMessage;
  return {
    enabled: settings.smsEnabled,
    credentialsComplete: credentialsComplete(settings),
    provider: settings.smsProvider,
    lastRunAt: run?.lastRunAt ?? null,
    lastRunError: run?.lastError ?? null,
    sentLast24Hours: counts.find((row) => row.status === "sent")?.n ?? 0,
    failedLast24Hours: counts.find((row) => row.status === "failed")?.n ?? 0,
    strandedClaims: await countStrandedClaims(db, now),
    nextDue: next.map((row) => ({
      appointmentId: row.appointmentId,
      clientName: row.clientName,
      stylistName: row.stylistName,
      startTime: row.startTime,
      dueAt: new Date(Math.max(now.getTime(), Date.parse(row.startTime) - hours * 3600_000)).toISOString(),
    })),
    remindersNext30Days: monthly,
    segmentsPerMessage: segments,
    costPerMessage,
    estimatedMonthlyCost: Math.round(monthly * segments * costPerMessage * 100) / 100,
  };
}

type ReminderPreview = { text: string; appointmentId: number | null; segments: ReturnType<typeof smsSegments> };
export type PreviewSample = { values: TemplateValues; appointmentId: number | null };

/** The values a preview fills in: the next real upcoming appointment's, or sample ones when there is none. */
export async function previewSample(actor: Actor, now = new Date()): Promise<PreviewSample> {
  assertSms(actor);
  const settings = await readSettingsWithSecret();
  const [next] = await textContextQuery(db)
    .where(
      and(
        eq(appointments.status, "scheduled"),
        gt(appointments.startTime, now.toISOString()),
        sql`${appointments.clientId} is not null`,
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(1);
  const sample: Pick<TextContext, "clientName" | "serviceName" | "stylistName" | "startTime"> = next ?? {
    clientName: "Jane Smith",
    serviceName: "Cut & Blow Dry",
    stylistName: "Alex Taylor",
    startTime: new Date(now.getTime() + 24 * 3600_000).toISOString(),
  };
  return { values: templateValues(settings, sample), appointmentId: next?.appointmentId ?? null };
}

/** The template rendered from the next real upcoming appointment (see previewSample). */
async function previewReminder(actor: Actor, template: string, now = new Date()): Promise<ReminderPreview> {
  const { values, appointmentId } = await previewSample(actor, now);
  const text = renderTemplate(template || DEFAULT_REMINDER_TEMPLATE, values);
  return { text, appointmentId, segments: smsSegments(text) };
}

/** An upcoming appointment the Test SMS can text: its client has a phone and has not replied STOP. */
export type TestChoice = {
  appointmentId: number;
  startTime: string;
  clientName: string;
  clientPhone: string;
  serviceName: string | null;
  stylistName: string;
};

const TEST_CHOICES = 50;

/** The Test SMS picker's list: the next scheduled appointments with a client to text, soonest first (at most 50). */
export async function listTestChoices(actor: Actor, now = new Date()): Promise<TestChoice[]> {
  assertSms(actor);
  const rows = await textContextQuery(db)
    .where(
      and(
        eq(appointments.status, "scheduled"),
        gt(appointments.startTime, now.toISOString()),
        ne(clients.phone, ""),
        isNull(clients.smsOptedOutAt),
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(TEST_CHOICES);
  return rows.map((row) => ({
    appointmentId: row.appointmentId,
    startTime: row.startTime,
    clientName: row.clientName ?? "",
    clientPhone: row.clientPhone ?? "",
    serviceName: row.serviceName,
    stylistName: row.stylistName,
  }));
}

/**
 * `POST /api/test-reminder` and the screen's Test SMS (SPEC §5): sends the appointment's
 * real reminder to the client's phone now and logs it. It does not count as the
 * scheduled reminder, which still goes out at its time.
 */
export async function sendTestReminder(
  actor: Actor,
  appointmentId: number | null,
): Promise<{ success: boolean; message: string }> {
  assertSms(actor);
  if (appointmentId === null) throw new Invalid(TEST_ID_REQUIRED, { appointmentId: [TEST_ID_REQUIRED] });
  const settings = await readSettingsWithSecret({ fresh: true });
  if (!settings.smsEnabled) throw new Invalid(SMS_NOT_ENABLED);
  if (!credentialsComplete(settings))
    throw new Invalid("The SMS credentials are incomplete: enter the API key, API secret and from number.");
  const context = await textContext(db, appointmentId);
  if (!context) throw new NotFound(APPOINTMENT_NOT_FOUND);
  if (context.clientId === null)
    throw new Invalid("This appointment has no client to text.", {
      appointmentId: ["This appointment has no client to text."],
    });
  if (!context.clientPhone)
    throw new Invalid("The client has no phone number.", { appointmentId: ["The client has no phone number."] });
  if (context.clientOptedOutAt)
    throw new Invalid("The client has opted out of SMS (replied STOP).", {
      appointmentId: ["The client has opted out of SMS (replied STOP)."],
    });
  const delivery = await deliverText(settings, context, "test");
  await publish(db, "settings", null);
  return delivery.status === "sent"
    ? {
        success: true,
        message: `Reminder for appointment ${appointmentId} sent to ${delivery.to} (message id ${delivery.messageId}).`,
      }
    : { success: false, message: delivery.error ?? "The message was not sent." };
}

// ---------------------------------------------------------------------------------------
// STOP replies

// Twilio's and the carriers' standard opt-out and opt-in keywords.
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES", "OPTIN"]);

function optOutKeyword(text: string): "stop" | "start" | null {
  const word =
    text
      .trim()
      .toUpperCase()
      .replace(/[^A-Z]/g, " ")
      .trim()
      .split(/\s+/)[0] ?? "";
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  return null;
}

/**
 * An inbound text from `from`: STOP (and the like) opts every client with that number
 * out, START opts them back in. Returns how many clients changed. With the provider's
 * `messageId`, a text already acted on (a replayed or retried webhook) has no effect: the
 * id is recorded in the same transaction as the change, so a failed change is not
 * remembered as done.
 */
export async function handleInboundText(
  from: string,
  text: string,
  now = new Date(),
  messageId?: { provider: SmsProvider; id: string },
): Promise<{ keyword: "stop" | "start" | null; clients: number; replay: boolean }> {
  const keyword = optOutKeyword(text);
  const settings = await readSettingsWithSecret();
  const e164 = keyword ? toE164(from, settings.country) : null;
  // Every client's phone is stored in E.164 too (phone_e164, indexed; decision 0060).
  const matching = e164
    ? (await db.select({ id: clients.id }).from(clients).where(eq(clients.phoneE164, e164))).map((client) => client.id)
    : [];
  if (!messageId && matching.length === 0) return { keyword, clients: 0, replay: false };
  return writeTransaction(async (tx) => {
    if (messageId) {
      const [first] = await tx
        .insert(smsInbound)
        .values({ messageId: messageId.id.slice(0, 64), provider: messageId.provider, receivedAt: now.toISOString() })
        .onConflictDoNothing()
        .returning({ id: smsInbound.messageId });
      if (!first) return { keyword, clients: 0, replay: true };
    }
    for (const id of matching) {
      await tx
        .update(clients)
        .set({ smsOptedOutAt: keyword === "stop" ? now.toISOString() : null, updatedAt: now.toISOString() })
        .where(eq(clients.id, id));
      await publish(tx, "clients", id);
    }
    return { keyword, clients: matching.length, replay: false };
  });
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the full
 * public URL followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: [string, string][]): string {
  const data = [...params]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((text, [name, value]) => text + name + value, url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: [string, string][],
  signature: string | null,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The Twilio webhook's secret: the stored auth token, when Twilio is the provider. */
export async function twilioAuthToken(): Promise<string | null> {
  const settings = await readSettingsWithSecret({ fresh: true });
  return settings.smsProvider === "twilio" && settings.smsApiSecret ? settings.smsApiSecret : null;
}
