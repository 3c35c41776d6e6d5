// Clients: the salon's client book (SPEC §2 Clients, §3 Client, §5 Client form, §7).
// Every signed-in role may read it; admins and stylists write; only admins delete.
// Consent is recorded on creation (consent date now, retention 7 years, SPEC §9).
import { and, asc, count, eq, getTableColumns, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { db, flushDeletedData, writeTransaction, type Executor } from "#db/client.server";
import { phoneColumns, storedCountry } from "#db/phone-numbers";
import { appointments, auditLog, clients, smsLog } from "#db/schema";
import { ClientInputSchema, optionalEmail, type ConsentType, type LegalBasis } from "~/lib/schemas/clients";
import { foldName } from "~/lib/names";
import { invalidPhoneMessage, toE164 } from "~/lib/phone";
import { addMonths, monthStart, todayInZone, zonedToUtc } from "~/lib/salon-time";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { recordAppointmentChanges, scrubClientHistory } from "./appointment-history.server";
import { deleteFormerDetails, recordFormerDetails } from "./client-former-details.server";
import { deletePatchTestsOf } from "./patch-tests.server";
import { can } from "./permissions";
import { DuplicateClient, Invalid, NotFound, type ClientCandidate } from "./errors";
import { getGlobalSettings, readSettingsWithSecret } from "./settings.server";
import { parseOrInvalid } from "./validate";
import { afterKey, cursorKey, pageOf, TextIdCursor } from "./paging.server";

export type Client = typeof clients.$inferSelect;
export type ClientSummary = { id: number; name: string; phone: string; email: string | null };
export type VisibleClient = ClientFor<ClientListItem>;
/** `noShowCount`: appointments the client missed (the card's "2 no-shows"); hidden without "clients.contact". */
type ClientListItem = Client & { appointmentCount: number; noShowCount: number };
type NewClientInput = {
  name: string;
  phone: string;
  email?: string | null;
  notes?: string | null;
  consentType?: ConsentType;
  legalBasis?: LegalBasis;
  isActive?: boolean;
};

// What an actor without "clients.contact" (a wall screen) is told about a client. A list
// of what is shown rather than what is hidden, so a column added later stays hidden.
const SHOWN_WITHOUT_CONTACT = ["id", "name", "isActive", "appointmentCount", "createdAt", "updatedAt"] as const;
type ShownWithoutContact = (typeof SHOWN_WITHOUT_CONTACT)[number];

/** A client as an actor may see it: everything, or (without "clients.contact") the name and figures only. */
export type ClientFor<T> = Pick<T, ShownWithoutContact & keyof T> & Partial<Omit<T, ShownWithoutContact>>;

/**
 * The one place that leaves a client's phone, e-mail, notes and other personal details
 * out for an actor without "clients.contact", so pages and `/api` give the same answer.
 * The keys are left out, not emptied: an empty phone would claim the client has none.
 */
export function clientFor<T extends { id: number; name: string }>(actor: Actor, client: T): ClientFor<T> {
  if (can(actor.role, "clients.contact")) return client;
  return Object.fromEntries(
    Object.entries(client).filter(([key]) => (SHOWN_WITHOUT_CONTACT as readonly string[]).includes(key)),
  ) as ClientFor<T>;
}

const RETENTION_YEARS = 7;
export const CLIENT_NOT_FOUND = "Client not found.";

/** The end of the retention period of data collected at `instant` (SPEC §9: 7 years). */
function retentionDateFrom(instant: Date): string {
  const end = new Date(instant);
  end.setUTCFullYear(end.getUTCFullYear() + RETENTION_YEARS);
  return end.toISOString();
}

/** Consent is recorded now, whatever a caller sends for the dates (SPEC §7 POST /api/clients). */
export function consentStamp(now = new Date()) {
  return { consentDate: now.toISOString(), dataRetentionDate: retentionDateFrom(now) };
}

const summaryColumns = { id: clients.id, name: clients.name, phone: clients.phone, email: clients.email };
// Written out in full: in a single-table select Drizzle leaves column names unqualified,
// and an unqualified "id" inside the subquery would mean the appointment's id.
const appointmentCount =
  sql<number>`(select count(*) from "appointments" as "a" where "a"."client_id" = "clients"."id")`.mapWith(Number);
// A seek into the (client, status, ...) index per client on the page.
const noShowCount =
  sql<number>`(select count(*) from "appointments" as "a" where "a"."client_id" = "clients"."id" and "a"."status" = 'no_show')`.mapWith(
    Number,
  );

// Search (SPEC: case-insensitive by name, phone or e-mail). A query of three characters or
// more is looked up in `clients_search`, a trigram index of every client's name, e-mail,
// phone and the phone's digits kept in step by triggers (decision 0123): a search reads the
// clients it finds, not the whole book. The index folds case and accents in any alphabet
// ("zoe" finds "Zoë"). Shorter queries (the index needs three characters) use instr() on
// the columns, which folds ASCII letters only; instr() rather than LIKE, so % and _ in a
// query are ordinary characters.
// A phone is also matched on its digits, so "07400900123" finds "07400 900123".
const phoneDigits = sql`replace(replace(replace(replace(replace(replace(${clients.phone}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;

// A whole phone number, however written ("07400 900123", "+44 7400 900123"), is also
// matched on its E.164 form, the indexed column.
async function searchTerms(actor: Actor, query: string) {
  const text = query.trim().toLowerCase();
  const phoneLike = /^[\d\s()+\-.]+$/.test(text);
  const digits = phoneLike ? text.replace(/\D/g, "") : "";
  // Without "clients.contact" a search matches names only: a hit on a phone number
  // would tell the screen whose number it is.
  const contact = can(actor.role, "clients.contact");
  const e164 = contact && phoneLike ? toE164(text, (await readSettingsWithSecret()).country) : null;
  return { text, digits: digits.length >= 3 ? digits : "", e164, contact };
}

type SearchTerms = Awaited<ReturnType<typeof searchTerms>>;

/** The smallest query the trigram index answers: shorter ones match nothing there. */
const INDEXED_LENGTH = 3;

/** `text` as one FTS5 string (a phrase: its characters in a row, anywhere in the column). */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The FTS5 query for the terms: the name (and, with "clients.contact", the e-mail, phone and its digits). */
export function searchIndexQuery({ text, digits, contact }: Pick<SearchTerms, "text" | "digits" | "contact">): string {
  if (!contact) return `name : ${ftsString(text)}`;
  const words = `{name email phone} : ${ftsString(text)}`;
  return digits ? `(${words}) OR (digits : ${ftsString(digits)})` : words;
}

/**
 * The clients matching the terms. `walkNames`: the caller reads them in name order and stops
 * after a page, so the index only filters the walk of the name index (a search that every
 * client matches then costs what its page costs); otherwise the matches drive the read.
 * `scan`: for a walk that meets its page within a few rows (a search many clients match),
 * each client walked is tested with `instr()`, the same test as the index's for text in
 * ASCII, rather than every match being read from the index first; a client with other
 * characters (which the index folds: "Zoë" for "zoe") is asked of the index.
 */
function matchCondition(terms: SearchTerms, { walkNames = false, scan = false } = {}): SQL {
  const { text, digits, e164, contact } = terms;
  const indexed = [...text].length >= INDEXED_LENGTH;
  if (indexed && !(scan && ASCII.test(text))) {
    const found = sql`select "rowid" from "clients_search" where "clients_search" match ${searchIndexQuery(terms)}`;
    const byE164 = e164 ? sql` union all select "id" from "clients" where "phone_e164" = ${e164}` : sql``;
    return walkNames ? sql`+${clients.id} in (${found}${byE164})` : sql`${clients.id} in (${found}${byE164})`;
  }
  const name = sql`instr(lower(${clients.name}), ${text}) > 0`;
  const conditions: SQL[] = [name];
  if (contact) {
    conditions.push(sql`instr(lower(${clients.email}), ${text}) > 0`, sql`instr(lower(${clients.phone}), ${text}) > 0`);
    if (digits) conditions.push(sql`instr(${phoneDigits}, ${digits}) > 0`);
    if (e164) conditions.push(eq(clients.phoneE164, e164));
  }
  if (indexed) {
    const searched = contact
      ? sql`${clients.name} || coalesce(${clients.email}, '') || coalesce(${clients.phone}, '')`
      : sql`${clients.name}`;
    conditions.push(
      sql`((${searched}) glob '*[^ -~]*' and exists (select 1 from "clients_search" where "clients_search"."rowid" = ${clients.id} and "clients_search" match ${searchIndexQuery(terms)}))`,
    );
  }
  return conditions.length === 1 ? name : or(...conditions)!;
}

/** Printable ASCII only: the index and `instr(lower(...))` agree on such text. */
const ASCII = /^[ -~]*$/;

/** 0 exact, 1 name starts with it, 2 a later word of the name does, 3 e-mail or phone starts with it, 4 anywhere. */
function matchRank({ text, digits, e164, contact }: SearchTerms): SQL<number> {
  if (!contact)
    return sql<number>`case when lower(${clients.name}) = ${text} then 0 when substr(lower(${clients.name}), 1, ${text.length}) = ${text} then 1 when instr(lower(${clients.name}), ${` ${text}`}) > 0 then 2 else 4 end`;
  const phonePrefix = digits ? sql`or substr(${phoneDigits}, 1, ${digits.length}) = ${digits}` : sql``;
  const phoneExact = sql.join(
    [digits ? sql`or ${phoneDigits} = ${digits}` : sql``, e164 ? sql`or ${clients.phoneE164} = ${e164}` : sql``],
    sql` `,
  );
  return sql<number>`case
    when lower(${clients.name}) = ${text} or lower(${clients.email}) = ${text} or lower(${clients.phone}) = ${text} ${phoneExact} then 0
    when substr(lower(${clients.name}), 1, ${text.length}) = ${text} then 1
    when instr(lower(${clients.name}), ${` ${text}`}) > 0 then 2
    when substr(lower(${clients.email}), 1, ${text.length}) = ${text} or substr(lower(${clients.phone}), 1, ${text.length}) = ${text} ${phonePrefix} then 3
    else 4 end`;
}

/**
 * A search with more matches than this is "many": its best matches are read tier by tier
 * (see `searchClients`) instead of ranking every match.
 */
export const RANKED_SEARCH_CAP = 400;

/**
 * Above this many matches the Clients screen and `/api/clients` walk the name index testing
 * each client (`scan`, about 1 µs a client) rather than reading every match from the index
 * first (about 0.5 µs a match): at 50,000 clients a page of 50 then walks at most some 1,300.
 */
const WALKED_SEARCH_CAP = 2_000;

/** How many clients the index finds for an FTS5 query, counting no further than `cap` + 1. */
async function indexedCount(query: string, cap: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`select count(*) as "n" from (select 1 from "clients_search" where "clients_search" match ${query} limit ${cap + 1})`,
  );
  return Number(row?.n ?? 0);
}

/** The index's row ids for an FTS5 query, at most `cap` + 1 of them (so "more than `cap`" shows). */
async function indexedIds(query: string, cap = RANKED_SEARCH_CAP): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`select "rowid" as "id" from "clients_search" where "clients_search" match ${query} limit ${cap + 1}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Clients matching a search (name, phone or e-mail, case-insensitive), best matches first. */
export async function searchClients(actor: Actor, query: string, limit = 10): Promise<ClientFor<ClientSummary>[]> {
  assertCan(actor, "clients.view");
  const terms = await searchTerms(actor, query);
  if (!terms.text) return [];
  const size = Math.min(Math.max(1, Math.floor(limit)), 100);
  const ranked = (condition: SQL, take = size) =>
    db
      .select(summaryColumns)
      .from(clients)
      .where(condition)
      .orderBy(matchRank(terms), asc(clients.name), asc(clients.id))
      .limit(take);
  // Few matches (or a short query, which the index cannot answer): rank them all.
  const many =
    [...terms.text].length >= INDEXED_LENGTH &&
    (await indexedCount(searchIndexQuery(terms), RANKED_SEARCH_CAP)) > RANKED_SEARCH_CAP;
  const rows = many ? await bestOfMany(terms, size) : await ranked(matchCondition(terms));
  return rows.map((row) => clientFor(actor, row));
}

/**
 * The best `size` matches of a search that many clients match (every phone starting
 * "07400"), read in the order of `matchRank`: each rank's first clients by name, rank after
 * rank, until the page is full. Each rank is read from the part of the index that holds it
 * (a name starting with the text, a later word of the name, an e-mail or phone starting with
 * it): when that part is small its clients are ranked, when it is large the name index is
 * walked and the first of them are found within a few rows. So a search costs about what
 * its page costs, however many clients match (decision 0129).
 */
async function bestOfMany(terms: SearchTerms, size: number): Promise<ClientSummary[]> {
  const { text, digits, e164, contact } = terms;
  const rank = matchRank(terms);
  const inTier = (tier: number, among: SQL | null) =>
    db
      .select(summaryColumns)
      .from(clients)
      .where(and(sql`${rank} = ${tier}`, among ?? undefined))
      .orderBy(asc(clients.name), asc(clients.id))
      .limit(size);
  /** The index's answer for a tier's part: none, "many" (null: walk the names), or the ids. Asked once a query. */
  const parts = new Map<string, Promise<number[] | null>>();
  const part = (query: string): Promise<number[] | null> => {
    const asked =
      parts.get(query) ??
      indexedCount(query, RANKED_SEARCH_CAP).then((found) =>
        found === 0 ? [] : found > RANKED_SEARCH_CAP ? null : indexedIds(query),
      );
    parts.set(query, asked);
    return asked;
  };
  /** The tier's clients among the index's answer to `query` (a superset of the tier), or walking the names. */
  const fromIndex = async (tier: number, query: string) => {
    const ids = await part(query);
    if (ids?.length === 0) return [];
    return inTier(tier, ids ? inArray(clients.id, ids) : null);
  };
  const namePrefix = `name : ^${ftsString(text)}`;
  const contactPrefix = contact
    ? `({email phone} : ^${ftsString(text)})${digits ? ` OR (digits : ^${ftsString(digits)})` : ""}`
    : null;
  const tiers: (() => Promise<ClientSummary[]>)[] = [
    // Exact: a name (among those starting with the text), or an e-mail or phone by its index.
    async () => {
      // Many names start with it: the few equal to it, from one read of the name index.
      const ids =
        (await part(namePrefix)) ??
        (
          await db
            .select({ id: clients.id })
            .from(clients)
            .where(sql`lower(${clients.name}) = ${text}`)
        ).map((row) => row.id);
      const exact = [
        ids.length ? inArray(clients.id, ids) : undefined,
        ...(contact ? [eq(clients.email, text), eq(clients.phone, text)] : []),
        contact && e164 ? eq(clients.phoneE164, e164) : undefined,
      ].filter((condition) => condition !== undefined);
      return exact.length ? inTier(0, or(...exact)!) : [];
    },
    () => fromIndex(1, namePrefix),
    () => fromIndex(2, `name : ${ftsString(` ${text}`)}`),
    async () => (contactPrefix ? fromIndex(3, contactPrefix) : []),
    // Anywhere: the walk of the names meets them soon, since most matches are here.
    () => inTier(4, matchCondition(terms, { walkNames: true, scan: true })),
  ];
  const found: ClientSummary[] = [];
  for (const tier of tiers) {
    if (found.length >= size) break;
    found.push(...(await tier()));
  }
  return found.slice(0, size);
}

/**
 * A page of the client book in name order (then id), optionally filtered by a search.
 * Walks the name index from the cursor's position and stops after `limit` rows, so every
 * page is cheap however many clients there are (decision 0065).
 */
export async function listClients(
  actor: Actor,
  { query = "", limit, after = null }: { query?: string; limit: number; after?: string | null },
): Promise<{ clients: VisibleClient[]; hasMore: boolean; nextCursor: string | null }> {
  assertCan(actor, "clients.view");
  const terms = await searchTerms(actor, query);
  const from = cursorKey(after, TextIdCursor);
  // A search many clients match tests each client walked: the page is found within a few
  // rows, where reading every match from the index first would cost them all (decision 0129).
  const scan =
    [...terms.text].length >= INDEXED_LENGTH &&
    (await indexedCount(searchIndexQuery(terms), WALKED_SEARCH_CAP)) > WALKED_SEARCH_CAP;
  const rows = await db
    .select({ ...getTableColumns(clients), appointmentCount, noShowCount })
    .from(clients)
    .where(
      and(
        terms.text ? matchCondition(terms, { walkNames: true, scan }) : undefined,
        afterKey(clients.name, clients.id, from),
      ),
    )
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(limit + 1);
  const { items, nextCursor } = pageOf(
    rows,
    { limit, after },
    (row) => [row.name, row.id],
    (row) => clientFor(actor, row),
  );
  return { clients: items, hasMore: nextCursor !== null, nextCursor };
}

/** The [start, end) of the salon's current calendar month, as UTC instants. */
async function currentSalonMonth(now = new Date()): Promise<{ from: string; to: string }> {
  const { timeZone } = await getGlobalSettings();
  const first = monthStart(todayInZone(timeZone, now));
  return {
    from: zonedToUtc(first, "00:00", timeZone).toISOString(),
    to: zonedToUtc(addMonths(first, 1), "00:00", timeZone).toISOString(),
  };
}

/**
 * The summary cards, as real counts (not SPEC's 70% / 20% estimates): every client;
 * clients with a (not cancelled) appointment in the salon's current month; clients
 * added in that month.
 */
export async function clientStats(
  actor: Actor,
  now = new Date(),
): Promise<{ totalClients: number; activeThisMonth: number; newThisMonth: number }> {
  assertCan(actor, "clients.view");
  const { from, to } = await currentSalonMonth(now);
  const [[total], [active], [added]] = await Promise.all([
    db.select({ n: count() }).from(clients),
    db
      .select({ n: sql<number>`count(distinct ${appointments.clientId})`.mapWith(Number) })
      .from(appointments)
      .where(
        and(
          gte(appointments.startTime, from),
          lt(appointments.startTime, to),
          isNotNull(appointments.clientId),
          ne(appointments.status, "cancelled"),
        ),
      ),
    db
      .select({ n: count() })
      .from(clients)
      .where(and(gte(clients.createdAt, from), lt(clients.createdAt, to))),
  ]);
  return { totalClients: total?.n ?? 0, activeThisMonth: active?.n ?? 0, newThisMonth: added?.n ?? 0 };
}

async function findClient(id: number): Promise<ClientListItem> {
  const [row] = await db
    .select({ ...getTableColumns(clients), appointmentCount, noShowCount })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  if (!row) throw new NotFound(CLIENT_NOT_FOUND);
  return row;
}

/** `GET /api/clients/{id}` and the dialogs that only name the client. */
export async function getClient(actor: Actor, id: number): Promise<VisibleClient> {
  assertCan(actor, "clients.view");
  return clientFor(actor, await findClient(id));
}

/** The Edit Client dialog: every field, for those who may change them. */
export async function getClientForEditing(actor: Actor, id: number): Promise<ClientListItem> {
  assertCan(actor, "clients.write");
  return findClient(id);
}

/** What two records of one client share: the phone in E.164 and the e-mail (stored lower-cased). */
type ClientKeys = { phoneE164: string | null; email: string | null };

/** The matching keys of a phone and e-mail as typed (a booking, a form, an import row). */
export function clientKeys(
  { phone, email }: { phone?: string | null; email?: string | null },
  country: string,
): ClientKeys {
  const parsed = optionalEmail.safeParse(email);
  return { phoneE164: toE164(phone, country), email: parsed.success ? parsed.data : null };
}

/**
 * The client already on file with these keys (other than `exceptId`): the phone first,
 * then the e-mail; each an equality on an indexed column (decision 0060).
 */
export async function findClientByKeys(
  executor: Executor,
  keys: ClientKeys,
  exceptId?: number,
): Promise<(ClientSummary & { matchedOn: "phone" | "email" }) | null> {
  for (const field of ["phone", "email"] as const) {
    const value = field === "phone" ? keys.phoneE164 : keys.email;
    if (!value) continue;
    const column = field === "phone" ? clients.phoneE164 : clients.email;
    const [row] = await executor
      .select(summaryColumns)
      .from(clients)
      .where(and(eq(column, value), exceptId === undefined ? undefined : ne(clients.id, exceptId)))
      .orderBy(asc(clients.id))
      .limit(1);
    if (row) return { ...row, matchedOn: field };
  }
  return null;
}

/**
 * Confirms a client who shares a phone or e-mail with another (decision 0097): `true`
 * (`/api`'s `"confirm": true`), or the keys the user was warned about (a form's hidden
 * field), which holds only while the phone and e-mail stay as they were.
 */
export type SharedConfirmation = boolean | string | null | undefined;

/** What a warning about shared keys was about: the phone's E.164 form and the e-mail. */
function sharedKeysOf(keys: ClientKeys): string {
  return `${keys.phoneE164 ?? ""} ${keys.email ?? ""}`;
}

/** A phone that is not a valid number in `country` (an empty one is allowed) is a field error. */
function assertValidPhone(phone: { phone: string; phoneE164: string | null }, country: string) {
  if (phone.phone && !phone.phoneE164) {
    const message = invalidPhoneMessage(country);
    throw new Invalid(message, { phone: [message] });
  }
}

const CANDIDATES_SHOWN = 10;

/**
 * Who a booking typed (not picked) for `typed` may be for (decision 0097): `same` is the
 * client whose phone or e-mail and name both match (booked without asking); otherwise
 * `candidates` are the clients with the same name (folded: case, accents, spaces) or the
 * same phone or e-mail, each with what matched, at most 10.
 */
export async function clientsMatching(
  executor: Executor,
  typed: { name: string; phone?: string | null; email?: string | null },
): Promise<{ same: ClientSummary | null; candidates: ClientCandidate[] }> {
  const keys = clientKeys(typed, await storedCountry(executor));
  const folded = foldName(typed.name);
  const keyConditions = [
    keys.phoneE164 ? eq(clients.phoneE164, keys.phoneE164) : undefined,
    keys.email ? eq(clients.email, keys.email) : undefined,
  ].filter((condition) => condition !== undefined);
  const byKeys = keyConditions.length
    ? await executor
        .select({ ...summaryColumns, phoneE164: clients.phoneE164 })
        .from(clients)
        .where(or(...keyConditions))
        .orderBy(asc(clients.id))
        .limit(CANDIDATES_SHOWN)
    : [];
  const same = byKeys.find((client) => foldName(client.name) === folded);
  if (same) return { same: { id: same.id, name: same.name, phone: same.phone, email: same.email }, candidates: [] };
  // SQLite folds neither accents nor non-ASCII case, so SQL keeps the names that can match
  // (the same letters in ASCII lower case whatever the spacing, or with a non-ASCII letter
  // and as many letters) and they are folded here. Paid only by a typed booking (decision 0097).
  const compact = folded.replace(/ /g, "");
  const letters = [...compact].length;
  const names = await executor
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(
      or(
        sql`replace(lower(${clients.name}), ' ', '') = ${compact}`,
        sql`${clients.name} glob '*[^ -~]*' and length(replace(${clients.name}, ' ', '')) = ${letters}`,
      ),
    );
  const nameIds = names.filter((client) => foldName(client.name) === folded).map((client) => client.id);
  const byName = nameIds.length
    ? await executor
        .select({ ...summaryColumns, phoneE164: clients.phoneE164 })
        .from(clients)
        .where(inArray(clients.id, nameIds.slice(0, CANDIDATES_SHOWN)))
        .orderBy(asc(clients.name), asc(clients.id))
    : [];
  const candidates = new Map<number, ClientCandidate>();
  for (const client of [...byName, ...byKeys]) {
    const matchedOn: ClientCandidate["matchedOn"] = [];
    if (foldName(client.name) === folded) matchedOn.push("name");
    if (keys.phoneE164 && client.phoneE164 === keys.phoneE164) matchedOn.push("phone");
    if (keys.email && client.email === keys.email) matchedOn.push("email");
    candidates.set(client.id, { id: client.id, name: client.name, phone: client.phone, matchedOn });
  }
  return { same: null, candidates: [...candidates.values()].slice(0, CANDIDATES_SHOWN) };
}

/** What "Create a new client" was confirmed for: the typed name, phone and e-mail as they were checked. */
export function clientChoiceKey(typed: { name: string; phone?: string | null; email?: string | null }): string {
  return [foldName(typed.name), (typed.phone ?? "").replace(/\s+/g, ""), (typed.email ?? "").trim().toLowerCase()].join(
    " ",
  );
}

async function assertNotDuplicate(
  executor: Executor,
  keys: ClientKeys,
  exceptId?: number,
  confirmed: SharedConfirmation = false,
) {
  if (confirmed === true || (typeof confirmed === "string" && confirmed === sharedKeysOf(keys))) return;
  const existing = await findClientByKeys(executor, keys, exceptId);
  if (existing) throw new DuplicateClient(existing, existing.matchedOn, sharedKeysOf(keys));
}

async function insertClient(
  executor: Executor,
  actor: Actor,
  input: unknown,
  confirmed: SharedConfirmation = false,
): Promise<Client> {
  assertCan(actor, "clients.write");
  const values = parseOrInvalid(ClientInputSchema, input);
  const country = await storedCountry(executor);
  const phone = phoneColumns(values.phone, country);
  assertValidPhone(phone, country);
  await assertNotDuplicate(executor, { phoneE164: phone.phoneE164, email: values.email }, undefined, confirmed);
  const [created] = await executor
    .insert(clients)
    .values({ ...values, ...phone, ...consentStamp() })
    .returning();
  await publish(executor, "clients", created!.id);
  return created!;
}

/**
 * Creates a client inside the caller's transaction (the booking dialog creates clients
 * with consentType "service"). Same validation and consent/retention dates as POST /api/clients.
 */
export async function createClientRecord(
  executor: Executor,
  actor: Actor,
  input: NewClientInput,
  confirmed: SharedConfirmation = false,
): Promise<ClientSummary> {
  const { id, name, phone, email } = await insertClient(executor, actor, input, confirmed);
  return { id, name, phone, email };
}

/** `POST /api/clients` and the Add New Client dialog; a shared phone or e-mail waits for `confirmed`. */
export async function createClient(
  actor: Actor,
  input: unknown,
  confirmed: SharedConfirmation = false,
): Promise<Client> {
  assertCan(actor, "clients.write");
  return writeTransaction((tx) => insertClient(tx, actor, input, confirmed));
}

/**
 * `PUT /api/clients/{id}` and the Edit Client dialog. Fields left out keep their stored
 * values (a booking edit sends only name, phone and e-mail). The consent and retention
 * dates are the server's: a change of consent type records a new consent date; the
 * retention period still runs from the client's creation (SPEC §9).
 */
export async function updateClient(
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
  confirmed: SharedConfirmation = false,
): Promise<Client> {
  assertCan(actor, "clients.write");
  return writeTransaction(async (tx) => {
    const [current] = await tx.select().from(clients).where(eq(clients.id, id)).limit(1);
    if (!current) throw new NotFound(CLIENT_NOT_FOUND);
    const { name, phone, email, notes, consentType, legalBasis, isActive } = current;
    const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const values = parseOrInvalid(ClientInputSchema, {
      name,
      phone,
      email,
      notes,
      consentType,
      legalBasis,
      isActive,
      ...defined,
    });
    const country = await storedCountry(tx);
    const phoneValues = phoneColumns(values.phone, country);
    // Only a changed phone is checked: a record saved before numbers were checked stays
    // editable (its card flags the number) until someone finds the right one.
    if (values.phone !== current.phone) assertValidPhone(phoneValues, country);
    // Only a changed phone or e-mail is checked, so records that were already duplicates
    // (before this rule) stay editable until an admin merges them.
    const keys = {
      phoneE164: phoneValues.phoneE164 !== current.phoneE164 ? phoneValues.phoneE164 : null,
      email: values.email !== current.email ? values.email : null,
    };
    await assertNotDuplicate(tx, keys, id, confirmed);
    const now = new Date();
    const [updated] = await tx
      .update(clients)
      .set({
        ...values,
        ...phoneValues,
        ...(values.consentType !== current.consentType || !current.consentDate
          ? { consentDate: now.toISOString() }
          : {}),
        ...(current.dataRetentionDate ? {} : { dataRetentionDate: retentionDateFrom(new Date(current.createdAt)) }),
        updatedAt: now.toISOString(),
      })
      .where(eq(clients.id, id))
      .returning();
    await recordFormerDetails(tx, id, current, updated!, country);
    await publish(tx, "clients", id);
    return updated!;
  });
}

/**
 * Admins delete a client together with their appointment history and notes (SPEC §2
 * "Delete Client"); messages sent to them go too. Recorded in the audit log by id only.
 * Each appointment's history gets its deletion, then loses the client's notes and links
 * as in an erasure (the history itself is append-only, decision 0085).
 */
export async function deleteClient(actor: Actor, id: number): Promise<{ appointmentsDeleted: number }> {
  assertCan(actor, "clients.delete");
  const result = await writeTransaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
    if (!client) throw new NotFound(CLIENT_NOT_FOUND);
    const history = tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, id));
    const sms = await tx
      .delete(smsLog)
      .where(or(eq(smsLog.clientId, id), inArray(smsLog.appointmentId, history)))
      .returning({ id: smsLog.id });
    const removed = await tx.delete(appointments).where(eq(appointments.clientId, id)).returning();
    await recordAppointmentChanges(
      tx,
      actor,
      removed.map((row) => [row, null]),
    );
    await scrubClientHistory(tx, id);
    await deleteFormerDetails(tx, id);
    await tx.delete(clients).where(eq(clients.id, id));
    // Their patch tests go with them, once the client row is gone (decision 0126).
    await deletePatchTestsOf(tx, id);
    const details = { appointmentsDeleted: removed.length, messagesDeleted: sms.length };
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: "client.delete",
      entityType: "client",
      entityId: id,
      details: JSON.stringify(details),
    });
    await publish(tx, "clients", id);
    if (removed.length > 0) await publish(tx, "appointments", null);
    return details;
  });
  await flushDeletedData();
  return { appointmentsDeleted: result.appointmentsDeleted };
}

/** Staff record a client's request to be forgotten (right to erasure); an admin processes it on the GDPR screen. */
export async function recordErasureRequest(actor: Actor, id: number): Promise<Client> {
  return setErasureRequest(actor, id, true);
}

/** The client changed their mind before the request was processed. */
export async function withdrawErasureRequest(actor: Actor, id: number): Promise<Client> {
  return setErasureRequest(actor, id, false);
}

async function setErasureRequest(actor: Actor, id: number, requested: boolean): Promise<Client> {
  assertCan(actor, "clients.write");
  return writeTransaction(async (tx) => {
    const [current] = await tx.select().from(clients).where(eq(clients.id, id)).limit(1);
    if (!current) throw new NotFound(CLIENT_NOT_FOUND);
    // A repeated request keeps the first date: that is when the statutory month started.
    if (Boolean(current.erasureRequestedAt) === requested) return current;
    const now = new Date().toISOString();
    const [updated] = await tx
      .update(clients)
      .set({ erasureRequestedAt: requested ? now : null, updatedAt: now })
      .where(eq(clients.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: requested ? "client.erasure_requested" : "client.erasure_withdrawn",
      entityType: "client",
      entityId: id,
    });
    await publish(tx, "clients", id);
    return updated!;
  });
}
