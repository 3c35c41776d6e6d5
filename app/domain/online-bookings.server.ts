// Bookings made by clients themselves on the public booking page (decisions 0102, 0103):
// the proof-of-work challenge, the booking, and what the client's manage link allows (see,
// cancel, move). Every write runs in one immediate write transaction that counts the
// limits, checks the slot with the same computation the page's slot list uses, and inserts
// through the one rule chain of staff writes; so twenty clients racing for one slot (or a
// client and the front desk) get exactly one booking.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, count, eq, gt, inArray, lt, or } from "drizzle-orm";
import { db, writeTransaction, type Transaction } from "#db/client.server";
import { altchaSpent, appointments, clients, services, stylists, type SalonSettings } from "#db/schema";
import { foldName } from "~/lib/names";
import { invalidPhoneMessage, samePhone, toE164 } from "~/lib/phone";
import type { PublicBookingInput, RescheduleInput } from "~/lib/schemas/online-booking";
import { HONEYPOT_FILLED } from "~/lib/schemas/online-booking";
import { sessionSecret } from "~/lib/env.server";
import { onlineClient, type OnlineClientActor } from "./access.server";
import { salonRules, type SalonRules } from "./appointment-rules.server";
import {
  insertChecked,
  resolveWrite,
  updateChecked,
  writeOf,
  type StoredAppointment,
} from "./appointment-writes.server";
import { queueClientNotice, sendClientNoticesSoon } from "./client-notices.server";
import { clientKeys, consentStamp, findClientByKeys } from "./clients.server";
import { Conflict, Invalid, NotFound, SlotTaken, TooManyRequests } from "./errors";
import { publish } from "./events.server";
import { assertOnlineBookingOn, nearestSlots, offeredStylists, publicStylistName } from "./online-slots.server";
import { hit, limitKey } from "./rate-limits.server";
import { readSettingsWithSecret } from "./settings.server";

// ---------------------------------------------------------------------------------------
// The proof of work (ALTCHA)

/** How long a challenge can be solved and redeemed. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/**
 * The work: one SHA-256 per counter value, the answer drawn between these. A phone's
 * browser tries about 50,000 a second, so a booking costs it about half a second on
 * average and at most a second; a spammer's thousand bookings, a quarter of an hour of CPU.
 */
const COUNTER_MIN = 5_000;
const COUNTER_MAX = 50_000;

/** The challenge's HMAC keys, derived from the server's session secret (never stored, never sent). */
function challengeSecrets() {
  const derive = (purpose: string) => createHmac("sha256", sessionSecret).update(purpose).digest("hex");
  return {
    hmacSignatureSecret: derive("online-booking altcha signature"),
    hmacKeySignatureSecret: derive("online-booking altcha key signature"),
  };
}

/** `GET /api/public/challenge`: a new ALTCHA challenge (altcha-lib v2), signed, valid for ten minutes. */
export async function newChallenge(now = new Date()): Promise<object> {
  await assertOnlineBookingOn();
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    ...challengeSecrets(),
  });
}

type Proof = { signature: string; expiresAt: string };

const PROOF_FAILED = "The check that you are not a robot failed or took too long. Please try again.";
const PROOF_SPENT = "This check has already been used for a booking. Please try again.";

function parsePayload(payload: string): { challenge?: unknown; solution?: unknown } | null {
  for (const decode of [(text: string) => Buffer.from(text, "base64").toString("utf8"), (text: string) => text]) {
    try {
      const parsed: unknown = JSON.parse(decode(payload.trim()));
      if (parsed && typeof parsed === "object") return parsed as { challenge?: unknown; solution?: unknown };
    } catch {
      // try the next reading
    }
  }
  return null;
}

/** Verifies a solved challenge (signature, expiry, the work); null when it does not hold. Does not spend it. */
async function checkSolution(payload: string): Promise<Proof | null> {
  const parsed = parsePayload(payload);
  if (!parsed?.challenge || !parsed.solution) return null;
  const challenge = parsed.challenge as Parameters<typeof verifySolution>[0]["challenge"];
  if (typeof challenge.signature !== "string" || !challenge.parameters) return null;
  try {
    const result = await verifySolution({
      challenge,
      solution: parsed.solution as Parameters<typeof verifySolution>[0]["solution"],
      deriveKey,
      ...challengeSecrets(),
    });
    if (!result.verified) return null;
  } catch {
    return null;
  }
  const expires = challenge.parameters.expiresAt;
  return {
    signature: challenge.signature,
    expiresAt: new Date(expires ? expires * 1000 : Date.now() + CHALLENGE_TTL_MS).toISOString(),
  };
}

/** Records a proof as spent (false when it already was); expired records are purged, their challenges refused anyway. */
async function spend(executor: Transaction | typeof db, proof: Proof, now = new Date()): Promise<boolean> {
  await executor.delete(altchaSpent).where(lt(altchaSpent.expiresAt, now.toISOString()));
  const [row] = await executor
    .insert(altchaSpent)
    .values(proof)
    .onConflictDoNothing()
    .returning({ signature: altchaSpent.signature });
  return Boolean(row);
}

/** Verifies a solved challenge and marks it spent, so one solution is redeemed once. */
export async function verifyChallenge(payload: string): Promise<boolean> {
  const proof = await checkSolution(payload);
  return proof !== null && (await spend(db, proof));
}

// ---------------------------------------------------------------------------------------
// Limits (decision 0102)

const HOUR = 3600;
const DAY = 86_400;
/** Bookings an address may make in an hour, with and without the proof of work. */
export const ADDRESS_LIMIT = { solved: 10, absent: 3 } as const;
/** Upcoming online bookings one phone number may hold. */
export const ACTIVE_PER_PHONE = 3;
/** Confirmation texts a day to one number, and to numbers that differ only in their last three digits. */
export const MESSAGES_PER_PHONE = 3;
export const MESSAGES_PER_PREFIX = 10;
const PREFIX_DIGITS_DROPPED = 3;

function tooMany(retryAfterSeconds: number, message = "Too many bookings from here just now. Please try again later.") {
  return new TooManyRequests(message, retryAfterSeconds);
}

// ---------------------------------------------------------------------------------------
// Booking

export type PublicBookingResult = {
  reference: string;
  status: "scheduled" | "requested";
  start: string;
  stylistName: string;
  manageUrl: string;
  manageToken: string;
};

export type BookingContext = {
  /** The client's address (the server's view of it, behind TRUST_PROXY). */
  address: string;
  /** "solved": the page's widget solved a challenge; "absent": no JavaScript (or a script). */
  proofOfWork: "solved" | "absent";
  now?: Date;
  /** This server's own origin, for the manage link when APP_URL is not set. */
  origin?: string;
};

/** 128 random bits, base64url (22 characters). */
function newManageToken(): string {
  return randomBytes(16).toString("base64url");
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A booking's reference, as the client quotes it to the salon: from the token's hash, so it gives nothing away. */
function referenceOf(hash: string): string {
  return hash.slice(0, 8).toUpperCase();
}

/** The manage page's address: APP_URL (the salon's public address) or this server's origin. */
export function manageUrl(token: string, origin?: string): string {
  const base = (process.env.APP_URL?.trim() || origin || "").replace(/\/+$/, "");
  return `${base}/book/manage/${token}`;
}

function salonPhrase(settings: Pick<SalonSettings, "salonName" | "phone">): string {
  const name = settings.salonName.trim() || "the salon";
  return settings.phone.trim() ? `${name} on ${settings.phone.trim()}` : name;
}

/** What the client typed where it differs from the client on file, for staff to check (JSON), or null. */
function differences(
  stored: { name: string; phone: string; email: string | null },
  typed: { name: string; phone: string; email: string | null },
  country: string,
): string | null {
  const diff: Record<string, string> = {};
  if (foldName(stored.name) !== foldName(typed.name)) diff.name = typed.name;
  if (!samePhone(stored.phone, typed.phone, country)) diff.phone = typed.phone;
  if (typed.email && typed.email !== (stored.email ?? "").toLowerCase()) diff.email = typed.email;
  return Object.keys(diff).length > 0 ? JSON.stringify(diff) : null;
}

/** A refusal of the rule chain on a public write: the slot is not free after all; the nearest free ones come with it. */
async function slotTaken(
  tx: Transaction,
  query: { serviceId: number; stylistId: number | null; around: Date; now: Date },
): Promise<SlotTaken> {
  const alternatives = await nearestSlots(tx, { ...query, limit: 5 });
  return new SlotTaken("Sorry, that time has just been taken. Please choose another time.", alternatives);
}

/**
 * Runs a checked write: a rule's conflict (the time taken, outside the stylist's hours)
 * becomes SlotTaken with the nearest free slots; a refusal of the input itself (off the
 * quarter hour, inside the lead time) stays a 400 with the rule's own message.
 */
async function asSlotRefusal<T>(
  tx: Transaction,
  query: Parameters<typeof slotTaken>[1],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Conflict) throw await slotTaken(tx, query);
    throw error;
  }
}

/**
 * `POST /api/public/bookings`. Finds the client by phone or e-mail (never changing what is
 * on file) or creates them; books the slot if it is still free, as `requested` under the
 * salon's approval or without the proof of work; queues the confirmation text. The answer
 * is the same whether or not the client was known.
 */
export async function bookOnline(input: PublicBookingInput, context: BookingContext): Promise<PublicBookingResult> {
  await assertOnlineBookingOn();
  const now = context.now ?? new Date();
  if (input.website) throw new Invalid(HONEYPOT_FILLED);
  const solved = context.proofOfWork === "solved";
  const proof = solved ? await checkSolution(input.altcha ?? "") : null;
  if (solved && !proof) throw new Invalid(PROOF_FAILED, { altcha: [PROOF_FAILED] });

  const settings = await readSettingsWithSecret({ fresh: true });
  const country = settings.country;
  const phoneE164 = toE164(input.phone, country);
  if (!phoneE164) throw new Invalid(invalidPhoneMessage(country), { phone: [invalidPhoneMessage(country)] });
  const typed = { name: `${input.firstName} ${input.lastName}`, phone: input.phone, email: input.email ?? null };
  const actor = clientActor(typed.name);
  const salon = await salonRules();
  const start = new Date(input.start);
  const token = newManageToken();
  const hash = tokenHash(token);
  const link = manageUrl(token, context.origin);

  const booked = await writeTransaction(async (tx) => {
    if (proof && !(await spend(tx, proof, now))) throw new Invalid(PROOF_SPENT, { altcha: [PROOF_SPENT] });
    const perAddress = await hit(
      tx,
      solved ? "booking-address" : "booking-address-unverified",
      limitKey(context.address),
      {
        limit: solved ? ADDRESS_LIMIT.solved : ADDRESS_LIMIT.absent,
        windowSeconds: HOUR,
        now,
      },
    );
    if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds);

    const found = await findClientByKeys(tx, clientKeys({ phone: input.phone, email: input.email }, country));
    if (!found && !settings.onlineNewClients)
      throw new Invalid(`Please call ${salonPhrase(settings)} to book your first visit.`);
    await assertActiveLimit(tx, found?.id ?? null, phoneE164, now, settings);

    const query = { serviceId: input.serviceId, stylistId: input.stylistId ?? null, around: start, now };
    // A chosen stylist goes straight to the rule chain (whose online rule reads the same
    // slot computation and names what is wrong); "Anyone" takes the first stylist offered.
    const stylistId =
      input.stylistId ?? (await offeredStylists(tx, { serviceId: input.serviceId, start, now }))[0] ?? null;
    if (stylistId === null) throw await slotTaken(tx, query);

    const clientId = found ? found.id : await createOnlineClient(tx, typed, phoneE164, now);
    const onlineDetails = found ? differences(found, typed, country) : null;
    const status = settings.onlineApproval || !solved ? ("requested" as const) : ("scheduled" as const);
    const write = { clientId, stylistId, serviceId: input.serviceId, start, status, notes: input.notes ?? null };
    const id = await asSlotRefusal(tx, query, async () => {
      const resolved = await resolveWrite(tx, actor, write, null);
      return insertChecked(tx, actor, write, resolved, salon, null, { manageTokenHash: hash, onlineDetails });
    });
    if (await messageAllowed(tx, phoneE164, now))
      await queueClientNotice(tx, id, "confirmation", start.toISOString(), { link, token }, now);
    const [stylist] = await tx.select({ name: stylists.name }).from(stylists).where(eq(stylists.id, stylistId));
    return { status, stylistName: publicStylistName(stylist?.name ?? "") };
  });
  sendClientNoticesSoon();
  return {
    reference: referenceOf(hash),
    status: booked.status,
    start: start.toISOString(),
    stylistName: booked.stylistName,
    manageUrl: link,
    manageToken: token,
  };
}

async function createOnlineClient(
  tx: Transaction,
  typed: { name: string; phone: string; email: string | null },
  phoneE164: string,
  now: Date,
): Promise<number> {
  const [created] = await tx
    .insert(clients)
    .values({ ...typed, phoneE164, consentType: "online", legalBasis: "consent", ...consentStamp(now) })
    .returning({ id: clients.id });
  await publish(tx, "clients", created!.id);
  return created!.id;
}

/** At most ACTIVE_PER_PHONE upcoming online bookings for one phone (or the client it found). */
async function assertActiveLimit(
  tx: Transaction,
  clientId: number | null,
  phoneE164: string,
  now: Date,
  settings: SalonSettings,
) {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        eq(appointments.source, "online"),
        inArray(appointments.status, ["scheduled", "requested"]),
        gt(appointments.startTime, now.toISOString()),
        clientId === null
          ? eq(clients.phoneE164, phoneE164)
          : or(eq(clients.phoneE164, phoneE164), eq(clients.id, clientId)),
      ),
    );
  if (n >= ACTIVE_PER_PHONE)
    throw tooMany(
      HOUR,
      `You already have ${ACTIVE_PER_PHONE} upcoming bookings made online. To book more, please call ${salonPhrase(settings)}.`,
    );
}

/**
 * Whether a confirmation text may go to this number today: a few a day to one number and a
 * few more to its block of a thousand numbers (SMS pumping sends to ranges of premium
 * numbers). Over either limit the booking still stands; only the text is not sent.
 */
async function messageAllowed(tx: Transaction, phoneE164: string, now: Date): Promise<boolean> {
  const prefix = phoneE164.slice(0, -PREFIX_DIGITS_DROPPED);
  const perPrefix = await hit(tx, "notice-prefix", limitKey(prefix), {
    limit: MESSAGES_PER_PREFIX,
    windowSeconds: DAY,
    now,
  });
  if (!perPrefix.allowed) return false;
  const perPhone = await hit(tx, "notice-phone", limitKey(phoneE164), {
    limit: MESSAGES_PER_PHONE,
    windowSeconds: DAY,
    now,
  });
  return perPhone.allowed;
}

// ---------------------------------------------------------------------------------------
// The manage link

const LINK_INVALID = "This booking link is not valid any more.";

export type ManagedBooking = {
  reference: string;
  status: "scheduled" | "requested" | "completed" | "no_show";
  start: string;
  end: string;
  serviceId: number | null;
  serviceName: string | null;
  stylistId: number;
  stylistName: string;
  /** Whether it can still be cancelled or moved online, and until when (the salon's cancellation notice). */
  canChange: boolean;
  changeUntil: string;
  salonName: string;
  salonPhone: string;
  timeZone: string;
};

function tokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(token);
}

/** The appointment a live manage token opens: not cancelled, not over; otherwise 404 (as for a token that never existed). */
async function loadManaged(executor: Transaction | typeof db, token: string, now: Date): Promise<StoredAppointment> {
  if (!tokenShaped(token)) throw new NotFound(LINK_INVALID);
  const [row] = await executor
    .select()
    .from(appointments)
    .where(eq(appointments.manageTokenHash, tokenHash(token)))
    .limit(1);
  if (!row || row.status === "cancelled" || row.status === "blocked" || row.endTime <= now.toISOString())
    throw new NotFound(LINK_INVALID);
  return row;
}

function changeUntil(row: Pick<StoredAppointment, "startTime">, salon: SalonRules): Date {
  return new Date(Date.parse(row.startTime) - salon.cancellationNotice * 3_600_000);
}

async function view(row: StoredAppointment, now: Date): Promise<ManagedBooking> {
  const settings = await readSettingsWithSecret({ fresh: true });
  const salon = await salonRules();
  const [names] = await db
    .select({ stylistName: stylists.name, serviceName: services.name })
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, row.id))
    .limit(1);
  const until = changeUntil(row, salon);
  return {
    reference: referenceOf(row.manageTokenHash ?? ""),
    status: row.status as ManagedBooking["status"],
    start: row.startTime,
    end: row.endTime,
    serviceId: row.serviceId,
    serviceName: names?.serviceName ?? null,
    stylistId: row.stylistId,
    stylistName: publicStylistName(names?.stylistName ?? ""),
    canChange: (row.status === "scheduled" || row.status === "requested") && now.getTime() < until.getTime(),
    changeUntil: until.toISOString(),
    salonName: settings.salonName,
    salonPhone: settings.phone,
    timeZone: settings.timeZone,
  };
}

/** `GET /api/public/bookings/{token}`: the booking as the client sees it. */
export async function getManagedBooking(token: string, now = new Date()): Promise<ManagedBooking> {
  await assertOnlineBookingOn();
  return view(await loadManaged(db, token, now), now);
}

/** The client as the history names them: "Jane Smith (online)". */
function clientActor(name: string | null): OnlineClientActor {
  return onlineClient(`${name ?? "The client"} (online)`);
}

async function clientName(tx: Transaction, clientId: number | null): Promise<string | null> {
  if (clientId === null) return null;
  const [row] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row?.name ?? null;
}

function assertChangeable(row: StoredAppointment, salon: SalonRules, settings: SalonSettings, now: Date, what: string) {
  if (row.status !== "scheduled" && row.status !== "requested") throw new NotFound(LINK_INVALID);
  if (now.getTime() >= changeUntil(row, salon).getTime())
    throw new Conflict(
      `This booking is less than ${salon.cancellationNotice} hours away, so it can no longer be ${what} online: please call ${salonPhrase(settings)}.`,
    );
}

/** `POST /api/public/bookings/{token}/cancel`: outside the cancellation notice only; the client gets a short notice. */
export async function cancelManagedBooking(
  token: string,
  now = new Date(),
): Promise<{ reference: string; status: "cancelled"; start: string }> {
  await assertOnlineBookingOn();
  const settings = await readSettingsWithSecret({ fresh: true });
  const salon = await salonRules();
  const result = await writeTransaction(async (tx) => {
    const existing = await loadManaged(tx, token, now);
    assertChangeable(existing, salon, settings, now, "cancelled");
    const actor = clientActor(await clientName(tx, existing.clientId));
    await updateChecked(tx, actor, existing, { ...writeOf(existing), status: "cancelled" }, salon);
    await queueClientNotice(tx, existing.id, "cancellation", "cancelled", undefined, now);
    return {
      reference: referenceOf(existing.manageTokenHash ?? ""),
      status: "cancelled" as const,
      start: existing.startTime,
    };
  });
  sendClientNoticesSoon();
  return result;
}

/**
 * `POST /api/public/bookings/{token}/reschedule`: a new start (and perhaps stylist) through
 * the same checks as a booking. Without a stylist the booking keeps its own when they are
 * free then, else takes one who is. The client gets a short notice with the link.
 */
export async function rescheduleManagedBooking(
  token: string,
  input: RescheduleInput,
  now = new Date(),
  origin?: string,
): Promise<ManagedBooking> {
  await assertOnlineBookingOn();
  const settings = await readSettingsWithSecret({ fresh: true });
  const salon = await salonRules();
  const start = new Date(input.start);
  const id = await writeTransaction(async (tx) => {
    const existing = await loadManaged(tx, token, now);
    assertChangeable(existing, salon, settings, now, "moved");
    const serviceId = existing.serviceId;
    if (serviceId === null) throw new NotFound(LINK_INVALID);
    const query = { serviceId, stylistId: input.stylistId ?? null, around: start, now };
    // The booking's own time is free to move into.
    const offered = input.stylistId
      ? [input.stylistId]
      : await offeredStylists(tx, { serviceId, start, now, excludeAppointmentId: existing.id });
    const stylistId = offered.includes(existing.stylistId) ? existing.stylistId : (offered[0] ?? null);
    if (stylistId === null) throw await slotTaken(tx, query);
    const actor = clientActor(await clientName(tx, existing.clientId));
    await asSlotRefusal(tx, query, () =>
      updateChecked(
        tx,
        actor,
        existing,
        { ...writeOf(existing), stylistId, start, end: undefined, durationMinutes: undefined },
        salon,
      ),
    );
    await queueClientNotice(
      tx,
      existing.id,
      "change",
      `${start.toISOString()} ${stylistId}`,
      { link: manageUrl(token, origin), token },
      now,
    );
    return existing.id;
  });
  sendClientNoticesSoon();
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return view(row!, now);
}
