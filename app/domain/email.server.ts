// E-mail to clients over the salon's own SMTP server (nodemailer): composing one message
// (text and HTML parts, the .ics invitation built with the stylists' feed code, the
// unsubscribe headers on reminders), sending it with the server's own answer, recording
// it in the e-mail log, and the admin's test e-mail. Which messages go, and once only, is
// email-notices.server.ts's.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gte } from "drizzle-orm";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { EmailKind } from "#db/enums";
import { appointments, clientNotices, clients, emailLog, services, stylists, type SalonSettings } from "#db/schema";
import type { Page, PageRequest } from "~/lib/paging";
import { EMAIL_MESSAGES, templateFields, type EmailLinks, type EmailMessage } from "~/lib/email-template";
import { renderEmail, withDefaultTemplates, type RenderedEmail } from "./email-templates.server";
import { serializeCalendar } from "~/lib/icalendar";
import { sessionSecret } from "~/lib/env.server";
import { EmailSettingsSchema, TestEmailSchema } from "~/lib/schemas/settings";
import { assertCan, type Actor } from "./access.server";
import { appointmentEvent } from "./calendar-feed.server";
import { Invalid } from "./errors";
import { publish } from "./events.server";
import { afterKey, cursorKey, pageOf, TextIdCursor } from "./paging.server";
import { readSettingsWithSecret, saveSalonSettings } from "./settings.server";
import { templateValues } from "./sms.server";

/** Each SMTP step's limit: a server that does not answer is a transient failure, retried later. */
const SMTP_TIMEOUT_MS = Number(process.env.SMTP_TIMEOUT_MS) > 0 ? Number(process.env.SMTP_TIMEOUT_MS) : 15_000;
const RESPONSE_MAX = 500;

// ---------------------------------------------------------------------------------------
// Links in e-mails

/** The app's public address (APP_URL), where the links in e-mails point; this machine's port without it. */
export function publicBaseUrl(): string {
  const configured = process.env.APP_URL?.trim().replace(/\/+$/, "");
  return configured || `http://localhost:${process.env.PORT || 3000}`;
}

function unsubscribeSignature(clientId: number): string {
  return createHmac("sha256", sessionSecret).update(`email-unsubscribe:${clientId}`).digest("base64url").slice(0, 32);
}

/** The client's unsubscribe token: their id and a signature only this server can make (no table, no expiry). */
export function unsubscribeToken(clientId: number): string {
  return `${clientId}.${unsubscribeSignature(clientId)}`;
}

/** The client id a token was made for, or null for a forged or mangled one. */
export function clientOfUnsubscribeToken(token: string): number | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const clientId = Number(match[1]);
  const expected = Buffer.from(unsubscribeSignature(clientId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? clientId : null;
}

export function unsubscribeUrl(clientId: number): string {
  return `${publicBaseUrl()}/unsubscribe/${unsubscribeToken(clientId)}`;
}

// ---------------------------------------------------------------------------------------
// One appointment's message

export type EmailContext = {
  appointmentId: number;
  startTime: string;
  endTime: string;
  status: string;
  revision: number;
  createdAt: string;
  updatedAt: string;
  clientId: number | null;
  clientName: string | null;
  clientEmail: string | null;
  clientUnsubscribedAt: string | null;
  serviceName: string | null;
  stylistName: string;
  stylistRemindersEnabled: boolean;
};

export function emailContextQuery(executor: Executor) {
  return executor
    .select({
      appointmentId: appointments.id,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      revision: appointments.revision,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
      clientId: appointments.clientId,
      clientName: clients.name,
      clientEmail: clients.email,
      clientUnsubscribedAt: clients.emailUnsubscribedAt,
      serviceName: services.name,
      stylistName: stylists.name,
      stylistRemindersEnabled: stylists.smsRemindersEnabled,
    })
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId));
}

export async function emailContext(executor: Executor, appointmentId: number): Promise<EmailContext | null> {
  const [row] = await emailContextQuery(executor).where(eq(appointments.id, appointmentId)).limit(1);
  return row ?? null;
}

export type ComposedEmail = RenderedEmail & {
  to: string;
  headers: Record<string, string>;
  ics: { filename: string; content: string; method: "REQUEST" | "CANCEL" };
};

function salonName(settings: Pick<SalonSettings, "salonName">) {
  return settings.salonName.trim() || "the salon";
}

/**
 * One appointment's message, ready to send. The invitation carries the appointment's
 * stable UID and its revision as SEQUENCE, so a calendar app updates (or, for a
 * cancellation, removes) the event it already has. Reminders carry the RFC 8058
 * one-click unsubscribe headers.
 */
export function composeAppointmentEmail(
  settings: SalonSettings,
  message: EmailMessage,
  context: EmailContext,
  links: Pick<EmailLinks, "manageUrl"> = {},
): ComposedEmail {
  const to = context.clientEmail ?? "";
  const unsubscribe = message === "reminder" && context.clientId !== null ? unsubscribeUrl(context.clientId) : null;
  const rendered = renderEmail(message, settings, templateValues(settings, context), {
    timeZone: settings.timeZone,
    manageUrl: links.manageUrl ?? null,
    unsubscribeUrl: unsubscribe,
  });
  const method = message === "cancellation" ? "CANCEL" : "REQUEST";
  const organizerEmail = settings.emailFrom || settings.email;
  const event = appointmentEvent(
    // A cancellation notice cancels the event even if the row has since been changed back.
    { ...context, id: context.appointmentId, status: message === "cancellation" ? "cancelled" : context.status },
    new URL(publicBaseUrl()).hostname,
    {
      summary: `${context.serviceName ?? "Appointment"} at ${salonName(settings)}`,
      description: `${context.serviceName ?? "Appointment"} with ${context.stylistName}`,
      ...(settings.address.trim() ? { location: settings.address.trim() } : {}),
      ...(organizerEmail ? { organizer: { name: salonName(settings), email: organizerEmail } } : {}),
      ...(to ? { attendee: { name: context.clientName ?? "", email: to } } : {}),
    },
  );
  const ics = serializeCalendar({
    productId: "-//Salon Management System//Appointment//EN",
    method,
    timeZone: settings.timeZone,
    events: [event],
  });
  const headers: Record<string, string> = unsubscribe
    ? { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : {};
  return {
    ...rendered,
    to,
    headers,
    ics: { filename: method === "CANCEL" ? "cancellation.ics" : "appointment.ics", content: ics, method },
  };
}

// ---------------------------------------------------------------------------------------
// Sending

export type SendOutcome =
  { ok: true; response: string; messageId: string | null } | { ok: false; error: string; transient: boolean };

type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  ics?: ComposedEmail["ics"];
};

/** Whether the settings can send at all (a host and a From address). */
export function emailConfigured(settings: SalonSettings): boolean {
  return settings.smtpHost.trim() !== "" && settings.emailFrom.trim() !== "";
}

const LINE_BREAK = /[\r\n]/;

/** Every header value is one line: a line break (header injection) is refused, never cleaned up. */
function headerProblem(mail: OutgoingMail, settings: SalonSettings): string | null {
  const values: [string, string][] = [
    ["the recipient", mail.to],
    ["the subject", mail.subject],
    ["the salon's name", settings.salonName],
    ["the From address", settings.emailFrom],
    ["the reply-to address", settings.emailReplyTo],
    ...Object.entries(mail.headers ?? {}),
  ];
  const broken = values.find(([, value]) => LINE_BREAK.test(value));
  return broken ? `Refused: ${broken[0]} contains a line break.` : null;
}

function transportOptions(settings: SalonSettings): SMTPTransport.Options {
  return {
    host: settings.smtpHost.trim(),
    port: settings.smtpPort,
    secure: settings.smtpSecurity === "tls",
    requireTLS: settings.smtpSecurity === "starttls",
    ignoreTLS: settings.smtpSecurity === "none",
    auth: settings.smtpUser ? { user: settings.smtpUser, pass: settings.smtpPassword } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/**
 * Whether a failure may pass if tried again: the server's 4xx answers ("421 try later",
 * a full mailbox) and no answer at all (timeouts, refused or dropped connections). A 5xx
 * answer (no such user, rejected content, failed authentication) is permanent.
 */
function isTransient(error: SmtpError): boolean {
  if (typeof error.responseCode === "number") return error.responseCode >= 400 && error.responseCode < 500;
  return ["ETIMEDOUT", "ECONNECTION", "ESOCKET", "EDNS", "ECONNREFUSED", "ECONNRESET", "EPROTOCOL"].includes(
    error.code ?? "",
  );
}

/** The server's own words ("550 5.1.1 No such user"), or the connection's error. */
function smtpError(error: SmtpError): string {
  return (error.response || error.message || "Unknown SMTP error").replace(/\s+/g, " ").trim().slice(0, RESPONSE_MAX);
}

/** Sends one message through the salon's SMTP server. Never throws: the outcome says what happened. */
export async function sendEmail(settings: SalonSettings, mail: OutgoingMail): Promise<SendOutcome> {
  if (!emailConfigured(settings))
    return { ok: false, error: "E-mail is not set up: enter the SMTP host and the From address.", transient: false };
  const problem = headerProblem(mail, settings);
  if (problem) return { ok: false, error: problem, transient: false };
  const transport = nodemailer.createTransport(transportOptions(settings));
  try {
    const info = await transport.sendMail({
      from: { name: salonName(settings), address: settings.emailFrom.trim() },
      ...(settings.emailReplyTo.trim() ? { replyTo: settings.emailReplyTo.trim() } : {}),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      headers: mail.headers ?? {},
      ...(mail.ics
        ? {
            attachments: [
              {
                filename: mail.ics.filename,
                content: mail.ics.content,
                contentType: `text/calendar; charset=utf-8; method=${mail.ics.method}`,
              },
            ],
          }
        : {}),
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    if (info.rejected.length > 0)
      return { ok: false, error: smtpError({ name: "", message: String(info.response) }), transient: false };
    return {
      ok: true,
      response: String(info.response ?? "").slice(0, RESPONSE_MAX),
      messageId: info.messageId ?? null,
    };
  } catch (error) {
    const smtp = error as SmtpError;
    return { ok: false, error: smtpError(smtp), transient: isTransient(smtp) };
  } finally {
    transport.close();
  }
}

/** Records one attempt's outcome in the e-mail log. */
export async function logEmail(
  executor: Executor,
  entry: {
    clientId: number | null;
    appointmentId: number | null;
    to: string;
    subject: string;
    kind: EmailKind;
    outcome: SendOutcome;
  },
): Promise<number> {
  const [row] = await executor
    .insert(emailLog)
    .values({
      clientId: entry.clientId,
      appointmentId: entry.appointmentId,
      toAddress: entry.to.slice(0, 254),
      subject: entry.subject.slice(0, 300),
      kind: entry.kind,
      status: entry.outcome.ok ? "sent" : "failed",
      response: entry.outcome.ok ? entry.outcome.response : entry.outcome.error,
    })
    .returning({ id: emailLog.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------
// The test e-mail

/**
 * `POST /api/test-email` and the Reminders screen's "Send test e-mail": a short message to
 * `to` through the saved settings, logged. On failure the SMTP server's own answer.
 */
export async function sendTestEmail(actor: Actor, input: unknown): Promise<{ success: boolean; message: string }> {
  assertCan(actor, "sms.manage");
  const parsed = TestEmailSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors as Record<string, string[]>;
    throw new Invalid(errors.to?.[0] ?? "Enter an address", errors);
  }
  const settings = await readSettingsWithSecret({ fresh: true });
  if (!emailConfigured(settings))
    throw new Invalid("E-mail is not set up: enter the SMTP host and the From address, and save.");
  const subject = `Test e-mail from ${salonName(settings)}`;
  const outcome = await sendEmail(settings, {
    to: parsed.data.to,
    subject,
    text: `This is a test e-mail from ${salonName(settings)}. If you can read it, e-mail to clients works.`,
  });
  await logEmail(db, { clientId: null, appointmentId: null, to: parsed.data.to, subject, kind: "test", outcome });
  await publish(db, "settings", null);
  return outcome.ok
    ? { success: true, message: `Test e-mail sent to ${parsed.data.to} (${outcome.response}).` }
    : { success: false, message: outcome.error };
}

// ---------------------------------------------------------------------------------------
// Unsubscribing (RFC 8058 one-click)

/** What the unsubscribe page shows for a token: null for a forged one or a client no longer on file. */
export async function unsubscribeStatus(token: string): Promise<{ salonName: string; unsubscribed: boolean } | null> {
  const clientId = clientOfUnsubscribeToken(token);
  if (clientId === null) return null;
  const [client] = await db
    .select({ unsubscribedAt: clients.emailUnsubscribedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client) return null;
  const settings = await readSettingsWithSecret();
  return { salonName: salonName(settings), unsubscribed: client.unsubscribedAt !== null };
}

/**
 * The client of the token gets no more reminders by e-mail (confirmations of what they
 * book still go). Repeating it changes nothing. False for a forged token.
 */
export async function unsubscribeByToken(token: string, now = new Date()): Promise<boolean> {
  const clientId = clientOfUnsubscribeToken(token);
  if (clientId === null) return false;
  return writeTransaction(async (tx) => {
    const [client] = await tx
      .select({ unsubscribedAt: clients.emailUnsubscribedAt })
      .from(clients)
      .where(eq(clients.id, clientId))
      .limit(1);
    if (!client) return false;
    if (client.unsubscribedAt) return true;
    await tx
      .update(clients)
      .set({ emailUnsubscribedAt: now.toISOString(), updatedAt: now.toISOString() })
      .where(eq(clients.id, clientId));
    await publish(tx, "clients", clientId);
    return true;
  });
}

// ---------------------------------------------------------------------------------------
// The log and the status card

export type EmailLogEntry = {
  id: number;
  createdAt: string;
  kind: EmailKind;
  status: "sent" | "failed";
  toAddress: string;
  subject: string;
  clientId: number | null;
  clientName: string | null;
  appointmentId: number | null;
  appointmentStart: string | null;
  response: string | null;
};

/** The e-mail log, newest first, keyset-paged on (sent at, id) like the SMS log, with the count of all entries. */
export async function listEmailLog(actor: Actor, page: PageRequest): Promise<Page<EmailLogEntry> & { total: number }> {
  assertCan(actor, "sms.manage");
  const after = cursorKey(page.after, TextIdCursor);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(emailLog);
  const rows = await db
    .select({
      id: emailLog.id,
      createdAt: emailLog.createdAt,
      kind: emailLog.kind,
      status: emailLog.status,
      toAddress: emailLog.toAddress,
      subject: emailLog.subject,
      clientId: emailLog.clientId,
      clientName: clients.name,
      appointmentId: emailLog.appointmentId,
      appointmentStart: appointments.startTime,
      response: emailLog.response,
    })
    .from(emailLog)
    .leftJoin(clients, eq(clients.id, emailLog.clientId))
    .leftJoin(appointments, eq(appointments.id, emailLog.appointmentId))
    .where(afterKey(emailLog.createdAt, emailLog.id, after, "desc"))
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
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

export type EmailStatus = {
  enabled: boolean;
  configured: boolean;
  sentLast24Hours: number;
  failedLast24Hours: number;
  waiting: number;
};

/** The status card's e-mail figures: sent and failed over the last 24 hours, and messages waiting (queued or retrying). */
export async function getEmailStatus(actor: Actor, now = new Date()): Promise<EmailStatus> {
  assertCan(actor, "sms.manage");
  const settings = await readSettingsWithSecret({ fresh: true });
  const since = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const counts = await db
    .select({ status: emailLog.status, n: count() })
    .from(emailLog)
    .where(gte(emailLog.createdAt, since))
    .groupBy(emailLog.status);
  const [waiting] = await db
    .select({ n: count() })
    .from(clientNotices)
    .where(and(eq(clientNotices.channel, "email"), eq(clientNotices.status, "sending")));
  return {
    enabled: settings.emailEnabled,
    configured: emailConfigured(settings),
    sentLast24Hours: counts.find((row) => row.status === "sent")?.n ?? 0,
    failedLast24Hours: counts.find((row) => row.status === "failed")?.n ?? 0,
    waiting: waiting?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------
// The Reminders screen's E-mail section

const EMAIL_FIELDS = [
  "emailEnabled",
  "smtpHost",
  "smtpPort",
  "smtpSecurity",
  "smtpUser",
  "emailFrom",
  "emailReplyTo",
  ...EMAIL_MESSAGES.flatMap((message) => Object.values(templateFields(message))),
] as const;

export type EmailSettingsView = Pick<SalonSettings, (typeof EMAIL_FIELDS)[number] | "updatedAt"> & {
  smtpPassword: "";
  smtpPasswordSet: boolean;
};

/** The E-mail section's values: the password never (whether one is stored instead); blank templates as the built-in wording. */
export async function getEmailSettings(actor: Actor): Promise<EmailSettingsView> {
  assertCan(actor, "sms.manage");
  const settings = await readSettingsWithSecret({ fresh: true });
  const view = Object.fromEntries(EMAIL_FIELDS.map((field) => [field, settings[field]])) as Pick<
    SalonSettings,
    (typeof EMAIL_FIELDS)[number]
  >;
  return {
    ...view,
    ...withDefaultTemplates(view),
    updatedAt: settings.updatedAt,
    smtpPassword: "",
    smtpPasswordSet: settings.smtpPassword !== "",
  };
}

/** Saves the E-mail section (and only it) over the stored salon settings. */
export async function saveEmailSettings(actor: Actor, input: Record<string, unknown>): Promise<void> {
  assertCan(actor, "sms.manage");
  const parsed = EmailSettingsSchema.safeParse(input);
  if (!parsed.success)
    throw new Invalid(
      "Please correct the highlighted settings.",
      parsed.error.flatten().fieldErrors as Record<string, string[]>,
    );
  await saveSalonSettings(actor, parsed.data);
}
