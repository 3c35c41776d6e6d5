// Reminder texts (SPEC §9): the template's {variables}, rendering, and how many SMS
// segments a text costs. Isomorphic: the SMS screen previews with the same code the
// scheduler sends with.
import type { ClockFormat } from "#db/enums";
import { formatClockTime, timeInZone } from "./salon-time";
import { withoutControlCharacters } from "./schemas/limits";

/** SPEC §9's reminder timings, in hours before the appointment. */
const REMINDER_HOURS = [2, 4, 12, 24, 48] as const;
/** The recommended timing, and the default. */
const RECOMMENDED_REMINDER_HOURS = 24;
/** The timings the settings take: any whole number of hours from one hour to a week. */
export const REMINDER_HOURS_RANGE = { min: 1, max: 168 } as const;

/**
 * The timings a form offers: SPEC §9's, plus the stored one when it is another (a salon
 * may have stored 36 through /api), so that saving a form never changes a timing nobody
 * touched.
 */
export function reminderHoursChoices(stored: number): number[] {
  const listed: readonly number[] = REMINDER_HOURS;
  const storable = Number.isInteger(stored) && stored >= REMINDER_HOURS_RANGE.min && stored <= REMINDER_HOURS_RANGE.max;
  return !storable || listed.includes(stored) ? [...listed] : [...listed, stored].sort((a, b) => a - b);
}

/** "24 hours before (recommended)", "1 hour before". */
export function reminderHoursLabel(hours: number): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"} before${hours === RECOMMENDED_REMINDER_HOURS ? " (recommended)" : ""}`;
}

/** The variables of SPEC §9, in the order the screen lists them. */
export const TEMPLATE_VARIABLES = [
  "clientName",
  "serviceName",
  "appointmentDate",
  "appointmentTime",
  "stylistName",
  "salonName",
] as const;
type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

// The Settings screen's default template (SPEC §9) says {date} and {time}; both keep working.
const ALIASES: Record<string, TemplateVariable> = { date: "appointmentDate", time: "appointmentTime" };

/** The SMS screen's default (SPEC §9): every variable but the date, ending with the opt-out line. */
export const SMS_SCREEN_DEFAULT_TEMPLATE =
  "Hi {clientName}, reminder: {serviceName} with {stylistName} at {salonName}, {appointmentDate} at {appointmentTime}. Reply STOP to opt out.";

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Names between braces that are not variables ("{clientname}", "{ }"), each once. */
export function unknownVariables(template: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    const key = name!.trim();
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(key) && !(key in ALIASES)) unknown.add(name!);
  }
  return [...unknown];
}

export function unknownVariablesMessage(unknown: string[]): string {
  const list = unknown.map((name) => `{${name}}`).join(", ");
  return `Unknown variable${unknown.length > 1 ? "s" : ""} ${list}. Use ${TEMPLATE_VARIABLES.map((name) => `{${name}}`).join(", ")}.`;
}

export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.trim();
    const variable = (TEMPLATE_VARIABLES as readonly string[]).includes(key) ? (key as TemplateVariable) : ALIASES[key];
    // A value stored before control characters were refused never reaches a client's phone.
    return variable ? withoutControlCharacters(values[variable]) : whole;
  });
}

// One date formatter per zone, reused: building an Intl.DateTimeFormat is the slow part.
const appointmentDates = new Map<string, Intl.DateTimeFormat>();

function appointmentDateFormat(timeZone: string) {
  let format = appointmentDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    appointmentDates.set(timeZone, format);
  }
  return format;
}

/**
 * The appointment's date and time as the salon's clock shows them (SPEC §1: US English long
 * date; the time on the salon's 12- or 24-hour clock, decision 0075, as on every screen).
 */
export function appointmentDateTime(
  startTime: string,
  timeZone: string,
  clock: ClockFormat = "12h",
): { appointmentDate: string; appointmentTime: string } {
  const instant = new Date(startTime);
  return {
    appointmentDate: appointmentDateFormat(timeZone).format(instant),
    appointmentTime: formatClockTime(timeInZone(instant, timeZone), clock),
  };
}

// GSM 03.38: the basic set costs one septet a character, the extension set two (escape + char).
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

type SmsSegments = { encoding: "GSM-7" | "UCS-2"; characters: number; segments: number };

/**
 * How a text is billed: GSM-7 fits 160 septets in one SMS and 153 in each part of a longer
 * one; anything outside GSM-7 (an emoji, most accents) makes the whole text UCS-2, 70 UTF-16
 * units in one SMS and 67 in each part.
 */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm)
    return {
      encoding: "GSM-7",
      characters: septets,
      segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153),
    };
  const units = text.length;
  return { encoding: "UCS-2", characters: units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
