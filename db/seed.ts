// Demo salon for trying the app and for benchmarks. Wipes the app's tables and loads a
// repeatable data set: staff, services, pricing, clients, rotas, time off, a few months
// of appointments, a shopping list and team chat.
//
//   npm run db:seed -- [--scale=N] [--stylists=N] [--days-back=N] [--days-ahead=N] [--clients=N] [--seed=N]
//
// Every flag can also come from the environment as SEED_<NAME> (SEED_SCALE, SEED_DAYS_BACK, ...);
// flags win. The same seed on the same day gives the same rows: dates are relative to today.
import { count, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
// Type only: loading the client opens (and migrates) the database, which must wait until
// the options are valid, so `--help` or a typo never creates a database file.
import type { Transaction } from "#db/client.server";
import {
  appointments,
  auditLog,
  clients,
  loginAttempts,
  messages,
  products,
  salonSettings,
  services,
  sessions,
  shoppingItems,
  smsLog,
  stylistAvailability,
  stylistPricing,
  stylists,
  timeOff,
  users,
  type AppointmentStatus,
} from "#db/schema";
import { DEFAULT_REMINDER_TEMPLATE } from "~/lib/schemas/settings";
import { DEFAULT_COUNTRY, toE164 } from "~/lib/phone";
import { hashPassword } from "~/domain/password.server";

const TIME_ZONE = "Europe/London";
const PASSWORD = "password123";
const BATCH_SIZE = 500;
const MINUTE = 60_000;
const DAY = 86_400_000;
const OPEN_MINUTE = 9 * 60;
const CLOSE_MINUTE = 18 * 60;

// ---------------------------------------------------------------------------
// Options

type Options = { stylists: number; daysBack: number; daysAhead: number; clients: number; seed: number };

const FLAGS = ["scale", "stylists", "days-back", "days-ahead", "clients", "seed"] as const;
type Flag = (typeof FLAGS)[number];

const USAGE = `Usage: npm run db:seed -- [options]   (or SEED_<NAME> environment variables)
  --scale=N       multiply the default stylists (5), history (42 days) and clients (400) by N
  --stylists=N    number of stylists (default 5 x scale)
  --days-back=N   days of history before today (default 42 x scale)
  --days-ahead=N  days of bookings after today (default 42)
  --clients=N     number of clients (default 80 per stylist: 400 x scale)
  --seed=N        random seed (default 20250101)`;

class UsageError extends Error {}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const given = new Map<Flag, string>();
  for (const flag of FLAGS) {
    const value = env[`SEED_${flag.toUpperCase().replace(/-/g, "_")}`];
    if (value) given.set(flag, value);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const flag = FLAGS.find((name) => name === match?.[1]);
    if (!match || !flag) throw new UsageError(`Unknown argument: ${arg}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${flag} needs a value`);
    given.set(flag, value);
  }
  const int = (flag: Flag, min: number, max: number, fallback: number) => {
    const raw = given.get(flag);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new UsageError(`--${flag} must be a whole number from ${min} to ${max} (got "${raw}")`);
    }
    return value;
  };
  const scale = int("scale", 1, 100, 1);
  const stylistCount = int("stylists", 1, 500, 5 * scale);
  return {
    stylists: stylistCount,
    daysBack: int("days-back", 0, 3650, 42 * scale),
    daysAhead: int("days-ahead", 0, 730, 42),
    // A bigger team needs a bigger client book, or each client visits weekly.
    clients: int("clients", 1, 200_000, 80 * stylistCount),
    seed: int("seed", 0, 2 ** 32 - 1, 20250101),
  };
}

// ---------------------------------------------------------------------------
// Deterministic randomness: mulberry32, one independent stream per section so that
// changing, say, --days-back leaves the clients and services unchanged.

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let target = this.next() * total;
    for (const item of items) {
      target -= weight(item);
      if (target < 0) return item;
    }
    return items[items.length - 1]!;
  }
}

const streamFor = (seed: number) => (stream: number) => new Rng((seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0);

// ---------------------------------------------------------------------------
// Calendar helpers. Dates are handled as day numbers (days since 1970-01-01), so the
// walk over days never meets a clock change; instants are made only at the end.

const dayToDate = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const dateToDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
/** 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
const isoDayOfWeek = (day: number) => ((day + 3) % 7) + 1;
/** Bi-weekly rotas: Monday-based weeks counted from 1970-01-05; even weeks are "Week 1" (days 1-7). */
const isSecondWeek = (day: number) => Math.floor((day - 4) / 7) % 2 === 1;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const iso = (ms: number) => new Date(ms).toISOString();

// London's clocks change at 01:00 UTC, outside salon hours, so one offset per date covers
// every slot between opening and closing.
const openingCache = new Map<number, number>();
function salonInstant(day: number, minuteOfDay: number): number {
  let opening = openingCache.get(day);
  if (opening === undefined) {
    opening = fromZonedTime(`${dayToDate(day)}T${hhmm(OPEN_MINUTE)}:00`, TIME_ZONE).getTime();
    openingCache.set(day, opening);
  }
  return opening + (minuteOfDay - OPEN_MINUTE) * MINUTE;
}

function addYearsUtc(ms: number, years: number): number {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
}

// ---------------------------------------------------------------------------
// Reference data (all invented). Phone numbers and e-mail domains come from ranges
// reserved for fiction (Ofcom drama numbers, RFC 2606 and .test), so enabling SMS on a
// demo database cannot text a real person.

const FEMALE_NAMES = [
  "Olivia",
  "Amelia",
  "Isla",
  "Ava",
  "Emily",
  "Sophie",
  "Grace",
  "Lily",
  "Freya",
  "Ella",
  "Charlotte",
  "Poppy",
  "Evie",
  "Isabella",
  "Jessica",
  "Chloe",
  "Holly",
  "Lucy",
  "Megan",
  "Hannah",
  "Ruby",
  "Daisy",
  "Imogen",
  "Phoebe",
  "Niamh",
  "Eleanor",
  "Harriet",
  "Rosie",
  "Zara",
  "Aisha",
  "Priya",
  "Amira",
  "Katie",
  "Bethany",
  "Rebecca",
  "Laura",
  "Sarah",
  "Claire",
  "Joanne",
  "Helen",
  "Margaret",
  "Susan",
  "Gemma",
  "Kirsty",
  "Siobhan",
  "Fiona",
  "Rhiannon",
  "Caitlin",
  "Maisie",
  "Eloise",
  "Nadia",
  "Tilly",
  "Jasmine",
  "Leah",
  "Abigail",
  "Yasmin",
  "Carys",
  "Heather",
] as const;
const MALE_NAMES = [
  "Oliver",
  "George",
  "Harry",
  "Jack",
  "Noah",
  "Charlie",
  "Thomas",
  "Oscar",
  "William",
  "James",
  "Alfie",
  "Freddie",
  "Arthur",
  "Archie",
  "Leo",
  "Joshua",
  "Samuel",
  "Daniel",
  "Callum",
  "Connor",
  "Liam",
  "Rhys",
  "Owen",
  "Dylan",
  "Ethan",
  "Mohammed",
  "Arjun",
  "Ravi",
  "Kieran",
  "Jamie",
  "Ben",
  "Tom",
  "Matthew",
  "Luke",
  "Ryan",
  "Gareth",
  "Stuart",
  "Alistair",
  "Hamish",
  "Rory",
  "Finley",
  "Euan",
] as const;
const SURNAMES = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "Phillips",
  "Mason",
  "Mitchell",
  "Rose",
  "Cox",
  "Morgan",
  "Hughes",
  "Edwards",
  "Turner",
  "Hill",
  "Moore",
  "Cooper",
  "Ward",
  "Morris",
  "King",
  "Watson",
  "Harris",
  "Baker",
  "Young",
  "Allen",
  "Scott",
  "Price",
  "Bennett",
  "Murphy",
  "Kelly",
  "Campbell",
  "Stewart",
  "MacDonald",
  "Reid",
  "Fraser",
  "Hussain",
  "Begum",
  "Shah",
  "Ali",
  "O'Brien",
  "Gallagher",
  "Lloyd",
  "Owen",
  "Parry",
  "Pritchard",
  "Barker",
  "Fletcher",
  "Holmes",
  "Lawson",
  "Marsh",
  "Newton",
  "Pearson",
  "Sharma",
  "Chapman",
  "Doyle",
  "Fox",
  "Gill",
  "Hayes",
  "Knight",
  "Lamb",
  "Nash",
  "Palmer",
  "Quinn",
  "Shaw",
  "Webb",
  "Yates",
  "Ellis",
  "Chambers",
  "Sutherland",
  "McKenzie",
] as const;
const STREETS = [
  "High Street",
  "Church Road",
  "Station Road",
  "Victoria Road",
  "Park Avenue",
  "Mill Lane",
  "Orchard Close",
  "The Crescent",
  "Queens Road",
  "Manor Way",
  "Elm Grove",
  "Kingsway",
  "Meadow View",
  "Chapel Street",
] as const;
const TOWNS = [
  ["Bristol", "BS"],
  ["Bath", "BA"],
  ["Keynsham", "BS"],
  ["Portishead", "BS"],
  ["Clevedon", "BS"],
  ["Nailsea", "BS"],
] as const;
const CLIENT_NOTES = [
  "Prefers a quiet appointment, not chatty.",
  "Patch test required before any colour (sensitive scalp).",
  "Allergic to PPD - use PPD-free colour only.",
  "Usually books the same stylist every 6 weeks.",
  "Likes her fringe kept long.",
  "Runs late sometimes - send a reminder.",
  "Wheelchair user: book the ground-floor station.",
  "Natural curls - no thinning scissors.",
  "Prefers early morning appointments.",
  "Coffee, oat milk, no sugar.",
  "Brings her own toner; check before mixing.",
  "Booked for wedding hair trial in the spring.",
  "Student - eligible for the student discount.",
  "Prefers card payments only.",
] as const;
const APPOINTMENT_NOTES = [
  "Patch test done, all clear.",
  "Same colour formula as last time.",
  "Wants to go a bit shorter this time.",
  "Running 10 minutes late - called ahead.",
  "Booked by phone.",
  "First visit - allow time for consultation.",
  "Requested a head massage during the wash.",
  "Bringing reference photos.",
] as const;
const TIME_OFF_REASONS = [
  "Annual leave",
  "Holiday",
  "Training course",
  "Sick leave",
  "Family wedding",
  "Medical appointment",
] as const;

const ADMIN = { firstName: "Hannah", lastName: "Whitmore", email: "admin@salon.test" };
const DISPLAY = { firstName: "Reception", lastName: "Display", email: "display@salon.test" };
const CORE_STYLISTS = [
  ["Olivia", "Bennett"],
  ["James", "Whitfield"],
  ["Priya", "Sharma"],
  ["Callum", "McLeod"],
  ["Sophie", "Hughes"],
] as const;

type Tag = "hair" | "colour" | "nails" | "beauty";
type ServiceDef = {
  name: string;
  category: string;
  duration: number;
  price: number;
  popularity: number;
  tag: Tag;
  active?: false;
  mens?: true;
};

// Prices in pence, durations in whole quarter hours.
const SERVICES: ServiceDef[] = [
  { name: "Ladies' Cut & Blow Dry", category: "Hair", duration: 60, price: 4800, popularity: 10, tag: "hair" },
  { name: "Restyle Cut & Finish", category: "Hair", duration: 75, price: 5800, popularity: 3, tag: "hair" },
  { name: "Men's Cut", category: "Hair", duration: 30, price: 2400, popularity: 9, tag: "hair", mens: true },
  {
    name: "Men's Cut & Beard Trim",
    category: "Hair",
    duration: 45,
    price: 3200,
    popularity: 4,
    tag: "hair",
    mens: true,
  },
  { name: "Children's Cut (under 12)", category: "Hair", duration: 30, price: 1600, popularity: 3, tag: "hair" },
  { name: "Wash & Blow Dry", category: "Hair", duration: 45, price: 3000, popularity: 6, tag: "hair" },
  { name: "Occasion Hair Up", category: "Hair", duration: 60, price: 5500, popularity: 2, tag: "hair" },
  { name: "Fringe Trim", category: "Hair", duration: 15, price: 800, popularity: 2, tag: "hair" },
  { name: "Perm", category: "Hair", duration: 120, price: 8500, popularity: 1, tag: "hair", active: false },
  { name: "Root Tint", category: "Colour", duration: 60, price: 5200, popularity: 6, tag: "colour" },
  { name: "Full Head Tint", category: "Colour", duration: 90, price: 7500, popularity: 4, tag: "colour" },
  { name: "Half Head Highlights", category: "Colour", duration: 120, price: 8500, popularity: 4, tag: "colour" },
  { name: "Full Head Highlights", category: "Colour", duration: 150, price: 11000, popularity: 2, tag: "colour" },
  { name: "Balayage", category: "Colour", duration: 180, price: 14000, popularity: 2, tag: "colour" },
  { name: "Toner & Gloss", category: "Colour", duration: 30, price: 2500, popularity: 3, tag: "colour" },
  { name: "Classic Manicure", category: "Nails", duration: 30, price: 2200, popularity: 4, tag: "nails" },
  { name: "Gel Manicure", category: "Nails", duration: 45, price: 3000, popularity: 8, tag: "nails" },
  { name: "Gel Pedicure", category: "Nails", duration: 60, price: 3800, popularity: 4, tag: "nails" },
  { name: "Gel Removal", category: "Nails", duration: 15, price: 1000, popularity: 2, tag: "nails" },
  {
    name: "Acrylic Full Set",
    category: "Nails",
    duration: 75,
    price: 4200,
    popularity: 2,
    tag: "nails",
    active: false,
  },
  { name: "Eyebrow Wax & Shape", category: "Beauty", duration: 15, price: 1400, popularity: 6, tag: "beauty" },
  { name: "Eyebrow Tint", category: "Beauty", duration: 15, price: 1000, popularity: 3, tag: "beauty" },
  { name: "Brow Lamination", category: "Beauty", duration: 45, price: 4000, popularity: 2, tag: "beauty" },
  { name: "Lash Lift & Tint", category: "Beauty", duration: 60, price: 4500, popularity: 3, tag: "beauty" },
  { name: "Olaplex Bond Treatment", category: "Treatments", duration: 30, price: 2500, popularity: 3, tag: "hair" },
  { name: "Keratin Smoothing", category: "Treatments", duration: 150, price: 18000, popularity: 1, tag: "hair" },
  { name: "Scalp Treatment", category: "Treatments", duration: 30, price: 2000, popularity: 2, tag: "hair" },
  { name: "Deep Conditioning", category: "Treatments", duration: 15, price: 1200, popularity: 2, tag: "hair" },
  { name: "Express Facial", category: "Treatments", duration: 30, price: 3500, popularity: 2, tag: "beauty" },
];

type Shift = { start: string; end: string } | null;
type Profile = {
  tags: Partial<Record<Tag, number>>;
  mensBoost: number;
  /** dayOfWeek 1-7 (and 8-14 for a bi-weekly rota) -> shift, null for a day off. */
  rota: Shift[];
  /** Custom price and/or duration for some services, by service name. */
  pricing: { service: string; price?: number; duration?: number }[];
};

const FULL: Shift = { start: "09:00", end: "18:00" };
const EARLY: Shift = { start: "09:00", end: "17:00" };
const LATE: Shift = { start: "10:00", end: "18:00" };
const SUNDAY: Shift = { start: "10:00", end: "16:00" };

// Stylist i gets profile i % 5, so larger salons repeat these five kinds of chair.
const PROFILES: Profile[] = [
  {
    // Senior stylist: cuts and colour, charges above the menu.
    tags: { hair: 1, colour: 1.3 },
    mensBoost: 0.6,
    rota: [null, FULL, FULL, FULL, FULL, FULL, null],
    pricing: [
      { service: "Ladies' Cut & Blow Dry", price: 5800 },
      { service: "Restyle Cut & Finish", price: 6800 },
      { service: "Full Head Highlights", price: 12500 },
      { service: "Balayage", price: 16000, duration: 165 },
    ],
  },
  {
    // Junior: cuts and barbering, a little cheaper.
    tags: { hair: 1, colour: 0.3 },
    mensBoost: 3,
    rota: [EARLY, EARLY, EARLY, EARLY, EARLY, null, null],
    pricing: [
      { service: "Men's Cut", price: 2000 },
      { service: "Ladies' Cut & Blow Dry", price: 4000, duration: 75 },
    ],
  },
  {
    // Nail and beauty technician; works Sundays.
    tags: { nails: 1.2, beauty: 1 },
    mensBoost: 1,
    rota: [null, null, LATE, LATE, LATE, { start: "09:00", end: "17:00" }, SUNDAY],
    pricing: [
      { service: "Gel Manicure", duration: 60 },
      { service: "Lash Lift & Tint", price: 4000 },
    ],
  },
  {
    // Colour specialist on a bi-weekly rota.
    tags: { colour: 1.5, hair: 0.7 },
    mensBoost: 0.5,
    rota: [EARLY, EARLY, EARLY, EARLY, EARLY, null, null, null, LATE, LATE, LATE, LATE, LATE, null],
    pricing: [
      { service: "Balayage", price: 15000, duration: 150 },
      { service: "Full Head Highlights", duration: 135 },
      { service: "Root Tint", duration: 45 },
    ],
  },
  {
    // Hair and brows, long days early in the week.
    tags: { hair: 1, beauty: 0.8, colour: 0.3 },
    mensBoost: 1,
    rota: [FULL, FULL, FULL, FULL, null, { start: "09:00", end: "16:00" }, null],
    pricing: [{ service: "Eyebrow Wax & Shape", price: 1200 }],
  },
];

const PRODUCTS = [
  { name: "Colour developer 6% (1 L)", category: "Colour", description: "20 vol cream developer" },
  { name: "Colour developer 9% (1 L)", category: "Colour", description: "30 vol cream developer" },
  { name: "Foil roll (100 m)", category: "Colour", description: null },
  { name: "Salon shampoo (5 L)", category: "Hair Care", description: "Backwash refill" },
  { name: "Salon conditioner (5 L)", category: "Hair Care", description: "Backwash refill" },
  { name: "Heat protection spray", category: "Styling", description: "Retail and back bar" },
  { name: "Texturising spray", category: "Styling", description: null },
  { name: "Gel polish base coat", category: "Nails", description: "15 ml" },
  { name: "Disposable gloves (box of 100)", category: "Consumables", description: "Nitrile, size M" },
  { name: "Neck strips (pack of 500)", category: "Consumables", description: null },
  { name: "Section clips (pack of 12)", category: "Tools", description: null },
  { name: "Towels (set of 12)", category: "Laundry", description: "Black, colour-safe" },
] as const;

// ---------------------------------------------------------------------------
// Row builders

type NewAppointment = typeof appointments.$inferInsert;
type NewClient = typeof clients.$inferInsert;

type ServiceRow = ServiceDef & { id: number };
type MenuItem = { serviceId: number; duration: number; price: number; weight: number; active: boolean };
type StylistPlan = {
  id: number;
  userId: number;
  profile: Profile;
  menu: MenuItem[];
  timeOff: { start: number; end: number }[];
};
type ClientPool = { ids: number[]; cumulative: number[] };
type ClientInfo = {
  id: number;
  consentMs: number;
  weight: number;
  home: number;
  canBookFuture: boolean;
  canBook: boolean;
};

function buildClients(rng: Rng, total: number, today: number): NewClient[] {
  const emails = new Set<string>();
  const rows: NewClient[] = [];
  const erasureCount = Math.max(3, Math.round(total * 0.0125));
  const erasureFrom = total - erasureCount; // the last few clients asked to be forgotten
  for (let i = 0; i < total; i++) {
    const first = rng.chance(0.75) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
    const last = rng.pick(SURNAMES);
    const roll = rng.next();
    // A few consented over 7 years ago (retention expired); some are new this season.
    const daysAgo = roll < 0.03 ? rng.int(2570, 3100) : roll < 0.15 ? rng.int(1, 60) : rng.int(61, 2500);
    const consentMs = salonInstant(today - daysAgo, OPEN_MINUTE + 15 * rng.int(0, 35));
    const basisRoll = rng.next();
    const legalBasis =
      basisRoll < 0.84
        ? "consent"
        : basisRoll < 0.93
          ? "contract"
          : basisRoll < 0.98
            ? "legitimate_interest"
            : "legal_obligation";
    const typeRoll = rng.next();
    const town = rng.pick(TOWNS);
    rows.push({
      name: `${first} ${last}`,
      phone: mobileNumber(i),
      phoneE164: toE164(mobileNumber(i), DEFAULT_COUNTRY),
      email: rng.chance(0.86) ? uniqueEmail(rng, emails, first, last) : null,
      notes: rng.chance(0.22) ? rng.pick(CLIENT_NOTES) : null,
      address: rng.chance(0.2)
        ? `${rng.int(1, 120)} ${rng.pick(STREETS)}, ${town[0]} ${town[1]}${rng.int(1, 40)} ${rng.int(1, 9)}${rng.pick(["AB", "DE", "FG", "HJ", "LN", "PQ", "RT", "WX"])}`
        : null,
      birthday: rng.chance(0.3) ? dayToDate(today - rng.int(18 * 365, 75 * 365)) : null,
      consentDate: iso(consentMs),
      consentType: typeRoll < 0.55 ? "service" : typeRoll < 0.85 ? "both" : "marketing",
      legalBasis,
      dataRetentionDate: iso(addYearsUtc(consentMs, 7)),
      erasureRequestedAt:
        i >= erasureFrom
          ? iso(Math.max(consentMs, salonInstant(today - rng.int(1, 20), rng.int(OPEN_MINUTE, CLOSE_MINUTE))))
          : null,
      isActive: rng.chance(0.97),
      createdAt: iso(consentMs),
      updatedAt: iso(consentMs),
    });
  }
  return rows;
}

/** Ofcom's drama range 07400 900000-900999; beyond 1,000 clients numbers repeat (shared family phones). */
function mobileNumber(index: number): string {
  return `07400 900${String((index * 337 + 123) % 1000).padStart(3, "0")}`;
}

function uniqueEmail(rng: Rng, taken: Set<string>, first: string, last: string): string {
  const f = first.toLowerCase();
  const l = last.toLowerCase().replace(/[^a-z]/g, "");
  const domain = rng.pick(["example.com", "example.org", "example.net"]);
  const local = rng.pick([`${f}.${l}`, `${f}${l}${rng.int(70, 99)}`, `${f[0]}${l}`, `${f}_${l}`]);
  let email = `${local}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
  taken.add(email);
  return email;
}

function poolOf(infos: ClientInfo[]): ClientPool {
  const ids: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const info of infos) {
    total += info.weight;
    ids.push(info.id);
    cumulative.push(total);
  }
  return { ids, cumulative };
}

function drawFrom(rng: Rng, pool: ClientPool): number | undefined {
  const total = pool.cumulative[pool.cumulative.length - 1];
  if (total === undefined) return undefined;
  const target = rng.next() * total;
  let lo = 0;
  let hi = pool.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pool.cumulative[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return pool.ids[lo];
}

const BLOCKS = [
  { note: "Lunch", minutes: [30, 45, 60], from: 12 * 60, to: 13 * 60 + 30 },
  { note: "Training", minutes: [120, 180], from: OPEN_MINUTE, to: 14 * 60 },
  { note: "Team meeting", minutes: [60], from: OPEN_MINUTE, to: OPEN_MINUTE },
  { note: "Admin time", minutes: [30, 60], from: 14 * 60, to: 16 * 60 },
  { note: "Dentist", minutes: [60, 90], from: 10 * 60, to: 15 * 60 },
  { note: "Product training with supplier", minutes: [90], from: 13 * 60, to: 15 * 60 },
] as const;

type Schedule = {
  rangeStart: number;
  rangeEnd: number;
  today: number;
  nowMs: number;
  adminUserId: number;
  closedDates: Set<string>;
};

/** Lays out each stylist's days from their rota: back-to-back bookings with gaps, never overlapping. */
function buildAppointments(
  rng: Rng,
  plans: StylistPlan[],
  clientInfos: ClientInfo[],
  when: Schedule,
): NewAppointment[] {
  const rows: NewAppointment[] = [];
  const infoById = new Map(clientInfos.map((info) => [info.id, info]));
  const pastAll = poolOf(clientInfos.filter((c) => c.canBook));
  const futureAll = poolOf(clientInfos.filter((c) => c.canBookFuture));
  // Inactive services only appear in history older than four weeks: they were retired since.
  const retiredAfter = when.today - 28;
  const weekdayDemand = [0, 0.78, 0.85, 0.88, 0.92, 0.97, 1, 0.8];

  plans.forEach((plan, index) => {
    const home = clientInfos.filter((c) => c.home === index);
    const pastHome = poolOf(home.filter((c) => c.canBook));
    const futureHome = poolOf(home.filter((c) => c.canBookFuture));

    for (let day = when.rangeStart; day <= when.rangeEnd; day++) {
      const dow = isoDayOfWeek(day);
      const slot = plan.profile.rota.length > 7 && isSecondWeek(day) ? dow + 7 : dow;
      const shift = plan.profile.rota[slot - 1];
      if (!shift) continue;
      const date = dayToDate(day);
      if (when.closedDates.has(date.slice(5))) continue;
      if (plan.timeOff.some((t) => day >= t.start && day <= t.end)) continue;

      const offset = day - when.today;
      const future = offset >= 0;
      // Far-off weeks are still filling up; the recent past was busy.
      const lead = offset <= 0 ? 0.95 : Math.max(0.2, 0.95 - offset * 0.016);
      const occupancy = lead * weekdayDemand[dow]!;
      const shiftStart = Math.max(toMinutes(shift.start), OPEN_MINUTE);
      const shiftEnd = Math.min(toMinutes(shift.end), CLOSE_MINUTE);

      // At most one blocked period a day; more often near today so the demo shows some.
      const segments: [number, number][] = [];
      const blockChance = Math.abs(offset) <= 7 ? 0.12 : 0.03;
      if (rng.chance(blockChance)) {
        const block = rng.pick(BLOCKS);
        const length = rng.pick(block.minutes);
        const earliest = Math.max(block.from, shiftStart);
        const latest = Math.min(block.to, shiftEnd - length);
        if (latest >= earliest) {
          const start = earliest + 15 * rng.int(0, Math.floor((latest - earliest) / 15));
          rows.push(
            appointmentRow(when, day, start, start + length, {
              stylistId: plan.id,
              status: "blocked",
              notes: block.note,
              createdByUserId: rng.chance(0.5) ? plan.userId : when.adminUserId,
              leadDays: rng.int(1, 21),
              createdMinute: rng.int(OPEN_MINUTE, CLOSE_MINUTE),
            }),
          );
          segments.push([shiftStart, start], [start + length, shiftEnd]);
        }
      }
      if (segments.length === 0) segments.push([shiftStart, shiftEnd]);

      for (const [segmentStart, segmentEnd] of segments) {
        let cursor = segmentStart;
        while (cursor < segmentEnd) {
          const room = segmentEnd - cursor;
          const fits = plan.menu.filter((m) => m.duration <= room && (m.active || day < retiredAfter));
          if (fits.length === 0) break;
          if (!rng.chance(occupancy)) {
            cursor += 15 * rng.int(1, 2); // an unbooked gap
            continue;
          }
          const item = rng.weighted(fits, (m) => m.weight);
          const startMs = salonInstant(day, cursor);
          const clientId = pickClient(
            rng,
            future ? futureHome : pastHome,
            future ? futureAll : pastAll,
            infoById,
            startMs,
          );
          if (clientId === undefined) {
            cursor += 15;
            continue;
          }
          const endMs = startMs + item.duration * MINUTE;
          // Always draw the roll, so the stream (and every later row) does not depend on the clock.
          const cancelled = rng.chance(0.09);
          const status: AppointmentStatus = endMs > when.nowMs ? "scheduled" : cancelled ? "cancelled" : "completed";
          rows.push(
            appointmentRow(when, day, cursor, cursor + item.duration, {
              stylistId: plan.id,
              clientId,
              serviceId: item.serviceId,
              price: item.price,
              status,
              notes: rng.chance(0.07) ? rng.pick(APPOINTMENT_NOTES) : null,
              createdByUserId: rng.chance(0.6) ? plan.userId : when.adminUserId,
              leadDays: rng.int(1, 35),
              createdMinute: rng.int(OPEN_MINUTE, CLOSE_MINUTE),
            }),
          );
          cursor += item.duration;
          if (rng.chance(0.05)) cursor += 15; // a breather between clients
        }
      }
    }
  });
  return rows;
}

/** Regulars mostly return to their own stylist; nobody is booked before they became a client. */
function pickClient(
  rng: Rng,
  home: ClientPool,
  all: ClientPool,
  infos: Map<number, ClientInfo>,
  startMs: number,
): number | undefined {
  for (let attempt = 0; attempt < 6; attempt++) {
    const id = drawFrom(rng, rng.chance(0.7) ? home : all) ?? drawFrom(rng, all);
    if (id !== undefined && infos.get(id)!.consentMs < startMs) return id;
  }
  return undefined;
}

function appointmentRow(
  when: Schedule,
  day: number,
  startMinute: number,
  endMinute: number,
  fields: {
    stylistId: number;
    status: AppointmentStatus;
    clientId?: number;
    serviceId?: number;
    price?: number;
    notes: string | null;
    createdByUserId: number;
    leadDays: number;
    createdMinute: number;
  },
): NewAppointment {
  const startMs = salonInstant(day, startMinute);
  const endMs = salonInstant(day, endMinute);
  // Booked on an earlier day during opening hours, and never "created" after today began.
  const createdMs = salonInstant(Math.min(day - fields.leadDays, when.today - 1), fields.createdMinute);
  // Only past appointments are completed or cancelled, so these stay in the past too.
  const updatedMs =
    fields.status === "completed"
      ? endMs
      : fields.status === "cancelled"
        ? Math.max(createdMs, startMs - DAY)
        : createdMs;
  return {
    clientId: fields.clientId ?? null,
    stylistId: fields.stylistId,
    serviceId: fields.serviceId ?? null,
    startTime: iso(startMs),
    endTime: iso(endMs),
    status: fields.status,
    notes: fields.notes,
    price: fields.price ?? 0,
    createdByUserId: fields.createdByUserId,
    createdAt: iso(createdMs),
    updatedAt: iso(updatedMs),
  };
}

function buildTimeOff(rng: Rng, plans: StylistPlan[], when: Schedule) {
  const rows: (typeof timeOff.$inferInsert)[] = [];
  plans.forEach((plan, index) => {
    const periods: { start: number; end: number; reason: string }[] = [];
    // Fixed entries so the default demo always has past and upcoming leave.
    if (index === 1) periods.push({ start: when.today + 10, end: when.today + 14, reason: "Annual leave" });
    if (index === 4) periods.push({ start: when.today - 9, end: when.today - 9, reason: "Sick leave" });
    // Roughly one holiday a quarter, wherever it does not collide with a fixed entry.
    for (let window = when.rangeStart; window <= when.rangeEnd; window += 91) {
      if (!rng.chance(0.5)) continue;
      const start = window + rng.int(0, 80);
      const end = start + rng.int(1, 6);
      if (periods.some((p) => start <= p.end + 1 && end >= p.start - 1)) continue;
      periods.push({ start, end, reason: rng.pick(TIME_OFF_REASONS) });
    }
    plan.timeOff = periods;
    for (const p of periods) {
      rows.push({
        stylistId: plan.id,
        startDate: dayToDate(p.start),
        endDate: dayToDate(p.end),
        reason: p.reason,
        createdAt: iso(salonInstant(Math.min(p.start - 30, when.today - 1), 17 * 60)),
      });
    }
  });
  return rows;
}

/** A believable fortnight of chat, oldest first, during salon hours. */
function buildMessages(
  rng: Rng,
  when: Schedule,
  admin: number,
  display: number,
  staff: { userId: number; first: string }[],
) {
  const s = (i: number) => staff[i % staff.length]!;
  const script: [number, string][] = [
    [admin, "Morning all! Reminder that the card machine update happens tonight after close."],
    [s(0).userId, "Can someone grab more foils when they're next at the wholesaler?"],
    [admin, "Added foils to the shopping list, I'll order on Thursday."],
    [s(2).userId, "Gel top coat is running low too, I've put it on the list."],
    [s(1).userId, `${s(3).first}, are you OK to swap Saturday mornings with me next week?`],
    [s(3).userId, "Yes, no problem - I'll update my availability."],
    [admin, "Thanks both. Please always put swaps in the rota so the calendar stays right."],
    [s(4).userId, "My 2pm cancelled, happy to take any walk-ins."],
    [display, "Walk-in at the desk asking for a fringe trim."],
    [s(4).userId, "On my way down."],
    [s(0).userId, "Client asked about the new bond treatment - do we have leaflets?"],
    [admin, "In the top drawer at reception."],
    [s(2).userId, "Nail station lamp is flickering again."],
    [admin, "I'll call the electrician today."],
    [s(3).userId, "Balayage ran over, sorry for the knock-on - next client is settled with a coffee."],
    [s(1).userId, "Can we get another hairdryer for station 3? The old one cuts out."],
    [admin, "Ordered. Should arrive Tuesday."],
    [s(0).userId, "Reminder: team training on Monday at 9, colour theory refresher."],
    [s(4).userId, "Will there be pastries? Asking for everyone."],
    [admin, "Obviously."],
    [s(2).userId, "Gel polish delivery arrived and has been put away."],
    [s(1).userId, `Great cut today by ${s(0).first}, client left a lovely review!`],
    [admin, "Well done! Keep them coming."],
    [s(3).userId, "Could someone cover my 4:30 toner on Friday? Dentist ran late last time."],
    [s(0).userId, "I can take it."],
    [admin, "Saturday is fully booked - please check the book before promising anyone a slot."],
    [s(2).userId, "Towels are back from the laundry."],
    [s(4).userId, "Heads up: the backwash tap on the left is dripping."],
    [admin, "Plumber is booked for tomorrow at 8."],
    [s(1).userId, "Thanks all, great week!"],
  ];
  // Spread over the last 14 days, in order, between 08:45 and 18:30 London time; one
  // that would land later today moves to yesterday.
  const times: number[] = [];
  for (let i = 0; i < script.length; i++) {
    const day = when.today - 13 + Math.floor((i * 14) / script.length);
    const minute = rng.int(8 * 60 + 45, 18 * 60 + 30);
    const at = salonInstant(day, minute);
    times.push(at < when.nowMs ? at : salonInstant(day - 1, minute));
  }
  times.sort((a, b) => a - b);
  return script.map(([senderUserId, content], i) => ({ senderUserId, content, createdAt: iso(times[i]!) }));
}

function buildShopping(rng: Rng, when: Schedule, productIds: number[], admin: number, staffUserIds: number[]) {
  const someone = () => (rng.chance(0.25) ? admin : rng.pick(staffUserIds));
  // Whole days apart, all before today, so added < ordered < delivered always holds.
  const stamp = (daysAgo: number) => salonInstant(when.today - daysAgo, rng.int(9 * 60, 17 * 60));
  const rows: (typeof shoppingItems.$inferInsert)[] = [];
  const plan: {
    state: "pending" | "ordered" | "delivered" | "completed";
    product?: number;
    custom?: string;
    quantity: number;
    notes?: string;
  }[] = [
    { state: "pending", product: 0, quantity: 4 },
    { state: "pending", product: 8, quantity: 2, notes: "Size M and L please" },
    { state: "pending", custom: "Kettle descaler", quantity: 1 },
    { state: "pending", product: 7, quantity: 3 },
    { state: "pending", custom: "Replacement hairdryer for station 3", quantity: 1, notes: "Same model as the others" },
    { state: "ordered", product: 2, quantity: 6 },
    { state: "ordered", product: 3, quantity: 2 },
    { state: "ordered", product: 5, quantity: 12, notes: "Retail shelf restock" },
    { state: "ordered", custom: "Appointment cards", quantity: 500 },
    { state: "delivered", product: 1, quantity: 4 },
    { state: "delivered", product: 9, quantity: 2 },
    { state: "delivered", product: 11, quantity: 1 },
    { state: "completed", product: 10, quantity: 2 },
    { state: "completed", custom: "Milk and biscuits", quantity: 1, notes: "Oat milk too" },
    { state: "completed", product: 4, quantity: 1 },
  ];
  for (const item of plan) {
    const addedDaysAgo = rng.int(4, 21);
    const orderedDaysAgo = rng.int(2, addedDaysAgo - 1);
    const created = stamp(addedDaysAgo);
    const ordered = item.state === "ordered" || item.state === "delivered" ? stamp(orderedDaysAgo) : null;
    const completed =
      item.state === "delivered"
        ? stamp(rng.int(1, orderedDaysAgo - 1))
        : item.state === "completed"
          ? stamp(rng.int(1, addedDaysAgo - 1))
          : null;
    rows.push({
      productId: item.product === undefined ? null : productIds[item.product]!,
      customName: item.custom ?? null,
      quantity: item.quantity,
      notes: item.notes ?? null,
      isOrdered: ordered !== null,
      isCompleted: completed !== null,
      createdAt: iso(created),
      orderedAt: ordered === null ? null : iso(ordered),
      completedAt: completed === null ? null : iso(completed),
      addedByUserId: someone(),
      orderedByUserId: ordered === null ? null : admin, // only admins mark items ordered
      completedByUserId: completed === null ? null : someone(),
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------
// Writing

async function insertInBatches<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) await insert(rows.slice(i, i + BATCH_SIZE));
}

/** Children before parents, so the foreign keys (enforced) never object. */
async function wipe(tx: Transaction) {
  // Without its state row the reports rollup's triggers stand still while rows come and go.
  await tx.run(sql`DELETE FROM report_rollup_state`);
  for (const table of [
    smsLog,
    appointments,
    timeOff,
    stylistAvailability,
    stylistPricing,
    shoppingItems,
    products,
    messages,
    auditLog,
    sessions,
    loginAttempts,
    clients,
    services,
    stylists,
    salonSettings,
    users,
  ]) {
    await tx.delete(table);
  }
  // Restart ids at 1 so repeated runs give identical rows. The events feed keeps its
  // sequence: running servers track it by id.
  await tx.run(sql`DELETE FROM sqlite_sequence WHERE name <> 'events'`);
}

function staffName(rng: Rng, index: number, taken: Set<string>): [string, string] {
  const core = CORE_STYLISTS[index];
  if (core) {
    taken.add(core.join(" "));
    return [core[0], core[1]];
  }
  for (;;) {
    const first = rng.chance(0.7) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
    const last = rng.pick(SURNAMES);
    if (taken.has(`${first} ${last}`)) continue;
    taken.add(`${first} ${last}`);
    return [first, last];
  }
}

const emailLocal = (first: string, last: string) => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");

async function main(options: Options) {
  const started = performance.now();
  const { db, writeTransaction } = await import("#db/client.server");
  const { rebuildReportRollup } = await import("#db/report-rollup.server");
  const { EVENT_TOPICS, publish } = await import("~/domain/events.server");
  const rng = streamFor(options.seed);

  const nowMs = Date.now();
  const today = dateToDay(formatInTimeZone(new Date(nowMs), TIME_ZONE, "yyyy-MM-dd"));
  const when: Schedule = {
    rangeStart: today - options.daysBack,
    rangeEnd: today + options.daysAhead,
    today,
    nowMs,
    adminUserId: 0,
    closedDates: new Set(["12-25", "12-26", "01-01"]),
  };

  // One scrypt hash for every demo account: each costs ~0.4 s.
  const passwordHash = await hashPassword(PASSWORD);
  const hashed = performance.now();

  const nameRng = rng(1);
  const takenNames = new Set<string>([`${ADMIN.firstName} ${ADMIN.lastName}`]);
  const takenEmails = new Set<string>();
  const staff = Array.from({ length: options.stylists }, (_, i) => {
    const [firstName, lastName] = staffName(nameRng, i, takenNames);
    let email = `${emailLocal(firstName, lastName)}@salon.test`;
    for (let n = 2; takenEmails.has(email); n++) email = `${emailLocal(firstName, lastName)}${n}@salon.test`;
    takenEmails.add(email);
    return { firstName, lastName, email };
  });
  const clientRows = buildClients(rng(2), options.clients, today);

  let appointmentCount = 0;
  let generateMs = 0;
  await writeTransaction(async (tx) => {
    await wipe(tx);

    const [admin] = await tx
      .insert(users)
      .values({ ...ADMIN, role: "admin", passwordHash })
      .returning({ id: users.id });
    const stylistUsers: { id: number }[] = [];
    await insertInBatches(staff, async (chunk) => {
      stylistUsers.push(
        ...(await tx
          .insert(users)
          .values(chunk.map((p) => ({ ...p, role: "stylist" as const, passwordHash })))
          .returning({ id: users.id })),
      );
    });
    const [display] = await tx
      .insert(users)
      .values({ ...DISPLAY, role: "display", passwordHash })
      .returning({ id: users.id });
    when.adminUserId = admin!.id;

    const stylistRows: { id: number }[] = [];
    await insertInBatches(
      staff.map((p, i) => ({
        userId: stylistUsers[i]!.id,
        name: `${p.firstName} ${p.lastName}`,
        email: p.email,
        scheduleMode: PROFILES[i % PROFILES.length]!.rota.length > 7 ? ("biweekly" as const) : ("weekly" as const),
        smsRemindersEnabled: i % 5 !== 2, // one stylist has opted out of client reminders
      })),
      async (chunk) => {
        stylistRows.push(...(await tx.insert(stylists).values(chunk).returning({ id: stylists.id })));
      },
    );

    await tx.insert(salonSettings).values({
      id: 1,
      userId: admin!.id,
      salonName: "Willow & Shear",
      address: "18 Orchard Mews, Clifton, Bristol BS8 2QT",
      phone: "0117 496 0418",
      email: "hello@willowandshear.test",
      timeZone: TIME_ZONE,
      reminderTemplate: DEFAULT_REMINDER_TEMPLATE,
    });

    const serviceIds = await tx
      .insert(services)
      .values(
        SERVICES.map((d) => ({
          name: d.name,
          category: d.category,
          duration: d.duration,
          price: d.price,
          isActive: d.active ?? true,
        })),
      )
      .returning({ id: services.id });
    const serviceRows: ServiceRow[] = SERVICES.map((d, i) => ({ ...d, id: serviceIds[i]!.id }));
    const serviceByName = new Map(serviceRows.map((row) => [row.name, row]));

    const plans: StylistPlan[] = stylistRows.map((row, i) => {
      const profile = PROFILES[i % PROFILES.length]!;
      const menu: MenuItem[] = [];
      for (const service of serviceRows) {
        const weight = service.popularity * (profile.tags[service.tag] ?? 0) * (service.mens ? profile.mensBoost : 1);
        if (weight === 0) continue;
        const custom = profile.pricing.find((p) => p.service === service.name);
        menu.push({
          serviceId: service.id,
          duration: custom?.duration ?? service.duration,
          price: custom?.price ?? service.price,
          weight,
          active: service.active ?? true,
        });
      }
      return { id: row.id, userId: stylistUsers[i]!.id, profile, menu, timeOff: [] };
    });

    await insertInBatches(
      plans.flatMap((plan) =>
        plan.profile.pricing.map((p) => ({
          stylistId: plan.id,
          serviceId: serviceByName.get(p.service)!.id,
          price: p.price ?? null,
          duration: p.duration ?? null,
        })),
      ),
      (chunk) => tx.insert(stylistPricing).values(chunk),
    );

    const clientIds: number[] = [];
    await insertInBatches(clientRows, async (chunk) => {
      clientIds.push(...(await tx.insert(clients).values(chunk).returning({ id: clients.id })).map((r) => r.id));
    });

    await insertInBatches(
      plans.flatMap((plan) =>
        plan.profile.rota.map((shift, day) => ({
          stylistId: plan.id,
          dayOfWeek: day + 1,
          isWorking: shift !== null,
          startTime: shift?.start ?? "09:00",
          endTime: shift?.end ?? "17:00",
        })),
      ),
      (chunk) => tx.insert(stylistAvailability).values(chunk),
    );
    await insertInBatches(buildTimeOff(rng(3), plans, when), (chunk) => tx.insert(timeOff).values(chunk));

    const clientRng = rng(4);
    const clientInfos: ClientInfo[] = clientRows.map((row, i) => {
      const expired = row.dataRetentionDate! < iso(nowMs);
      return {
        id: clientIds[i]!,
        consentMs: Date.parse(row.consentDate!),
        weight: 1 / (0.3 + clientRng.next()), // regulars visit up to ~4x as often as occasional clients
        home: clientRng.int(0, plans.length - 1),
        canBook: !expired, // lapsed clients: nothing in the window
        canBookFuture: !expired && row.isActive !== false && !row.erasureRequestedAt,
      };
    });
    const generateStarted = performance.now();
    const appointmentRows = buildAppointments(rng(5), plans, clientInfos, when);
    generateMs = performance.now() - generateStarted;
    appointmentCount = appointmentRows.length;
    await insertInBatches(appointmentRows, (chunk) => tx.insert(appointments).values(chunk));

    const productIds = (
      await tx
        .insert(products)
        .values(PRODUCTS.map((p) => ({ ...p, createdAt: iso(salonInstant(today - 60, 10 * 60)) })))
        .returning({ id: products.id })
    ).map((r) => r.id);
    const staffUserIds = stylistUsers.slice(0, 5).map((u) => u.id);
    await tx.insert(shoppingItems).values(buildShopping(rng(6), when, productIds, admin!.id, staffUserIds));
    await tx.insert(messages).values(
      buildMessages(
        rng(7),
        when,
        admin!.id,
        display!.id,
        staff.slice(0, 5).map((p, i) => ({ userId: stylistUsers[i]!.id, first: p.firstName })),
      ),
    );

    // The reports rollup: built once from the rows above (its triggers were idle while they
    // were written, the state row having been wiped with everything else).
    await rebuildReportRollup(tx, TIME_ZONE);
    // Open tablets refresh instead of showing rows that no longer exist.
    for (const topic of EVENT_TOPICS) await publish(tx, topic);
  });
  const finished = performance.now();

  const tally = async (name: string, table: SQLiteTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return `${name} ${row?.n ?? 0}`;
  };
  const statuses = await db
    .select({ status: appointments.status, n: count() })
    .from(appointments)
    .groupBy(appointments.status)
    .orderBy(appointments.status);
  const counts = await Promise.all([
    tally("users", users),
    tally("stylists", stylists),
    tally("services", services),
    tally("stylist_pricing", stylistPricing),
    tally("clients", clients),
    tally("stylist_availability", stylistAvailability),
    tally("time_off", timeOff),
    tally("products", products),
    tally("shopping_items", shoppingItems),
    tally("messages", messages),
  ]);

  console.log(
    `Seeded "Willow & Shear": ${options.stylists} stylists, ${options.daysBack} days back to ${options.daysAhead} ahead ` +
      `(${dayToDate(when.rangeStart)} .. ${dayToDate(when.rangeEnd)}), seed ${options.seed}`,
  );
  console.log(`  ${counts.join(", ")}`);
  console.log(`  appointments ${appointmentCount} (${statuses.map((s) => `${s.status} ${s.n}`).join(", ")})`);
  console.log(
    `  time: hash ${((hashed - started) / 1000).toFixed(2)} s, generate ${(generateMs / 1000).toFixed(2)} s, ` +
      `total ${((finished - started) / 1000).toFixed(2)} s`,
  );
  // Every demo login, so that a newcomer can try each role without reading the code.
  console.log(`\nDemo logins (every password is ${PASSWORD}):`);
  const logins = [
    { role: "administrator", ...ADMIN },
    { role: "display", ...DISPLAY },
    ...staff.map((person) => ({ role: "stylist", ...person })),
  ];
  for (const login of logins)
    console.log(`  ${login.role.padEnd(13)}  ${login.email.padEnd(32)}  ${login.firstName} ${login.lastName}`);
}

try {
  await main(parseOptions(process.argv.slice(2), process.env));
  // The libsql client can keep handles open; the seed is done.
  process.exit(0);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error("Seeding failed (the data transaction rolls back, so a failed run changes nothing):", error);
  process.exit(1);
}
