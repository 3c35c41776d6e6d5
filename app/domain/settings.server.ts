// The salon's settings: one row, created with SPEC's defaults on first read.
import { DEFAULT_COUNTRY } from "~/lib/phone";
import { eq } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { normaliseClientPhones } from "#db/phone-numbers";
import { salonSettings, type ClockFormat, type SalonSettings } from "#db/schema";
import { isCountryCode } from "~/lib/phone";
import { providerName } from "~/lib/sms-providers";
import { DEFAULT_REMINDER_TEMPLATE, SalonSettingsSchema } from "~/lib/schemas/settings";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { Invalid } from "./errors";

const SETTINGS_ID = 1;
const FALLBACK_SALON_NAME = "Management System";

/** What the browser may see: the SMS secret and the SMTP password are replaced by whether one is stored. */
export type SalonSettingsView = Omit<SalonSettings, "id" | "smsApiSecret" | "smtpPassword"> & {
  smsApiSecret: "";
  smsApiSecretSet: boolean;
  smtpPassword: "";
  smtpPasswordSet: boolean;
};

// Every page reads the settings several times; they change rarely. A short-lived cache
// (cleared at once by a save in this process) keeps that off the database.
const CACHE_MS = 2000;
let cached: { value: SalonSettings; at: number } | null = null;

async function readSettings(): Promise<SalonSettings> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = await loadSettings();
  cached = { value, at: Date.now() };
  return value;
}

async function loadSettings(): Promise<SalonSettings> {
  const [row] = await db.select().from(salonSettings).where(eq(salonSettings.id, SETTINGS_ID)).limit(1);
  if (row) return row;
  await db
    .insert(salonSettings)
    .values({ id: SETTINGS_ID, reminderTemplate: DEFAULT_REMINDER_TEMPLATE })
    .onConflictDoNothing();
  const [created] = await db.select().from(salonSettings).where(eq(salonSettings.id, SETTINGS_ID)).limit(1);
  return created!;
}

/** The stored settings with the SMS secret, for the server's own use (sending): never for an answer. */
export function readSettingsWithSecret({ fresh = false } = {}): Promise<SalonSettings> {
  return fresh ? loadSettings() : readSettings();
}

function toView({ id: _id, smsApiSecret, smtpPassword, ...rest }: SalonSettings): SalonSettingsView {
  return {
    ...rest,
    smsApiSecret: "",
    smsApiSecretSet: smsApiSecret.length > 0,
    smtpPassword: "",
    smtpPasswordSet: smtpPassword.length > 0,
  };
}

export async function getSalonSettings(actor: Actor): Promise<SalonSettingsView> {
  assertCan(actor, "settings.salon");
  return toView(await readSettings());
}

/** What every signed-in screen needs: the name for the sidebar and the salon's clock. */
export async function getGlobalSettings(): Promise<{
  salonName: string;
  timeZone: string;
  openTime: string;
  closeTime: string;
  clockFormat: ClockFormat;
  /** Where numbers written nationally are read (a client's phone is checked against it). */
  country: string;
}> {
  const settings = await readSettings();
  return {
    salonName: settings.salonName.trim() || FALLBACK_SALON_NAME,
    timeZone: settings.timeZone,
    clockFormat: settings.clockFormat,
    openTime: settings.openTime,
    closeTime: settings.closeTime,
    country: settings.country || DEFAULT_COUNTRY,
  };
}

/** Whether stylists see every stylist's column in the calendar (the Salon tab's "Stylists see colleagues' calendars"). */
export async function stylistsSeeColleagues(): Promise<boolean> {
  return (await readSettings()).stylistsSeeColleagues;
}

/** The booking rules every stylist works under (SPEC §2 Salon tab): days ahead one may book, hours of notice to cancel. */
export async function getBookingRules(): Promise<{ bookingAdvanceLimit: number; cancellationNotice: number }> {
  const settings = await readSettings();
  return { bookingAdvanceLimit: settings.bookingAdvanceLimit, cancellationNotice: settings.cancellationNotice };
}

/**
 * Saves the fields given over the stored ones; a blank SMS secret keeps the stored secret
 * for the same provider, and a blank SMTP password the stored one for the same host (one
 * server's password is never sent to another).
 */
export async function saveSalonSettings(actor: Actor, input: Record<string, unknown>): Promise<SalonSettingsView> {
  assertCan(actor, "settings.salon");
  // Fresh: merging over another process's cached copy would undo what it saved since.
  const current = await loadSettings();
  const { id: _id, userId: _userId, updatedAt: _updatedAt, ...stored } = current;
  const merged = SalonSettingsSchema.safeParse({ ...stored, ...withoutUndefined(input) });
  if (!merged.success) {
    const fieldErrors = merged.error.flatten().fieldErrors as Record<string, string[]>;
    // The first field's own message ("Salon name must not contain control characters") names it.
    throw new Invalid(Object.values(fieldErrors)[0]?.[0] ?? "Please correct the highlighted settings.", fieldErrors);
  }
  const values = merged.data;
  if (values.country && !isCountryCode(values.country))
    throw new Invalid("Please correct the highlighted settings.", { country: ["Unknown country code"] });
  const credentials = smsCredentials(current, values, input);
  const smtpPassword = given(input.smtpPassword) || (values.smtpHost === current.smtpHost ? current.smtpPassword : "");
  const saved = await writeTransaction(async (tx) => {
    const [row] = await tx
      .update(salonSettings)
      .set({
        ...values,
        ...credentials,
        smtpPassword,
        userId: actor.id,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(salonSettings.id, SETTINGS_ID))
      .returning();
    // Numbers written nationally are now read in the new country: match on their new E.164 form.
    if (row!.country !== current.country) {
      if ((await normaliseClientPhones(tx, row!.country, { all: true })) > 0) await publish(tx, "clients", null);
    }
    await publish(tx, "settings", SETTINGS_ID);
    return row!;
  });
  cached = null;
  return toView(saved);
}

const given = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The API key and secret to store. A blank secret keeps the stored one only while the
 * provider stays the same: one provider's secret is never sent to another. MessageBird has
 * a single access key, taken from either field (a key typed into "API key" is a new one)
 * and stored as the secret; without one, enabled MessageBird is refused, naming the field.
 */
function smsCredentials(
  current: SalonSettings,
  values: { smsProvider: SalonSettings["smsProvider"]; smsApiKey: string; smsEnabled: boolean },
  input: Record<string, unknown>,
): { smsApiKey: string; smsApiSecret: string } {
  const changed = values.smsProvider !== current.smsProvider;
  let secret = given(input.smsApiSecret);
  if (values.smsProvider !== "messagebird")
    return { smsApiKey: values.smsApiKey, smsApiSecret: secret || (changed ? "" : current.smsApiSecret) };
  const key = given(input.smsApiKey);
  if (!secret && key && (changed || key !== current.smsApiKey)) secret = key;
  secret ||= changed ? "" : current.smsApiSecret;
  if (!secret && values.smsEnabled) {
    const message = changed
      ? `Enter the MessageBird access key in API secret: the saved secret was ${providerName(current.smsProvider)}'s and is not sent to MessageBird.`
      : "Enter the MessageBird access key in API secret.";
    throw new Invalid("Please correct the highlighted settings.", { smsApiSecret: [message] });
  }
  return { smsApiKey: "", smsApiSecret: secret };
}

function withoutUndefined(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
