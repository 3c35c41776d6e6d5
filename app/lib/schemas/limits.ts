// Limits shared by every schema: each text field has a maximum length, and control
// characters (NUL and the like, which no one types) are refused in text.
import { z } from "zod";

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
// Long enough for any passphrase; a bound so that hashing costs the same for every guess.
export const PASSWORD_MAX = 128;
/** The error for control characters in a field, naming it ("Service name must not contain control characters"). */
export const controlCharactersIn = (label: string) => `${label} must not contain control characters`;

// C0 and C1 controls, DEL, and the bidirectional embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069: a name with U+202E shows its text reversed, in the app and
// in every SMS that carries it); multi-line fields keep tab, line feed and carriage return.
// The only patterns of the app that name control characters: everything else uses these.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_ANYWHERE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `value` without the characters the patterns above refuse (for text stored before they did). */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_ANYWHERE, "");
}

type TextParams = z.RawCreateParams & { required_error?: string; invalid_type_error?: string };

/**
 * A trimmed single-line text field of at most `max` characters: every name, title and
 * other one-line text uses it. A line break in a name ends up in calendar feeds, SMS and
 * CSV exports, where it breaks the line the name sits on, so it is refused with the rest.
 */
export function text(params: TextParams, max: number, label = "This field") {
  return z
    .string(params)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(SINGLE_LINE, controlCharactersIn(label));
}

/** A trimmed multi-line text field (notes): line breaks and tabs are kept, other control characters refused. */
export function multiLineText(params: TextParams, max: number, label = "This field") {
  return z
    .string(params)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(MULTI_LINE, controlCharactersIn(label));
}

export function hasControlCharacters(value: string, multiLine = false): boolean {
  return !(multiLine ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** An id in a query string or JSON: plain positive decimal digits (no `0x10`, ` 1`, `1e3`). */
export const queryId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, "An id must be a positive whole number")
  .transform(Number)
  .refine(Number.isSafeInteger, "An id must be a positive whole number");

// Bookings and date filters live between 2000 and a few years ahead: anything else is a
// typo or a probe, and far-off dates only cost work.
const EARLIEST_YEAR = 2000;
const YEARS_AHEAD = 5;
export const OUT_OF_RANGE_DATE = `Dates must be between ${EARLIEST_YEAR} and ${YEARS_AHEAD} years from now`;

/** Whether an ISO date or instant falls within EARLIEST_YEAR .. YEARS_AHEAD years from `now`. */
export function isWithinBookingYears(value: string, now = new Date()): boolean {
  const year = Number(value.slice(0, 4));
  return Number.isInteger(year) && year >= EARLIEST_YEAR && year <= now.getUTCFullYear() + YEARS_AHEAD;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** An ISO-8601 instant with a time zone, e.g. 2026-11-23T10:00:00Z (nothing looser). */
export function isIsoInstant(value: string): boolean {
  return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}
