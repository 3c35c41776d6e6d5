// How a client may be written down in staff free text, for erasure (decision 0094): each
// phone in any punctuation and with or without its country code or trunk prefix, each
// e-mail, and each name in full, as a title and surname, an initial and surname, or
// "Surname, First name". Every phone form libphonenumber-js prints (E.164, national,
// international, RFC 3966, IDD) is one of these. A first name or a surname on its own is
// not: it would blank other clients who share it.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { DEFAULT_COUNTRY, isCountryCode } from "./phone";

/**
 * A way of writing the client down. `needle` narrows the search in the database before
 * the pattern is applied: the text, lower-cased ASCII only, contains `needle.text`, or
 * the text with every `PHONE_SEPARATORS` character removed contains `needle.digits`. A
 * pattern without a needle is applied to every text.
 */
export type Mention = { pattern: RegExp; needle: { text: string } | { digits: string } | null };

/** What a client is or was called and reached at. */
export type ClientDetails = { names: string[]; emails: string[]; phones: string[] };

/** Characters written between a phone number's digits: spaces, dashes, dots, brackets, slashes. */
export const PHONE_SEPARATORS = " \t\r\n\u00a0\u2009\u202f-\u2010\u2011\u2012\u2013\u2014.()/";

const TITLES = ["Miss", "Mrs", "Mr", "Ms", "Mx", "Dr", "Prof"];
// Shorter national significant numbers are too likely to occur by chance (ids, amounts).
const MIN_PHONE_DIGITS = 6;
const MIN_SURNAME_LENGTH = 2;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const SEPARATOR_CLASS = `[${escapeRegExp(PHONE_SEPARATORS).replace(/-/g, "\\-")}]`;
const GAP = `${SEPARATOR_CLASS}{0,3}`;

/** Digits with up to three separators between any two of them. */
function spacedDigits(digits: string) {
  return [...digits].join(GAP);
}

/** The longest run of ASCII letters and digits in the lower-cased text (what SQLite's lower() can match). */
function asciiNeedle(text: string, min: number): { text: string } | null {
  const runs = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), "");
  return longest.length >= min ? { text: longest } : null;
}

/**
 * One phone, read in `country` unless written internationally: its national significant
 * number, optionally after the country code (with "+", "00", "011" or nothing) and/or the
 * trunk prefix, separators anywhere, never inside a longer run of digits. A number that
 * libphonenumber cannot read is matched by its digits.
 */
export function phoneMention(raw: string, country: string = DEFAULT_COUNTRY): Mention | null {
  const text = raw.trim();
  const region = isCountryCode(country) ? country : DEFAULT_COUNTRY;
  const parsed =
    text.length <= 40
      ? parsePhoneNumberFromString(text.startsWith("00") ? `+${text.slice(2)}` : text, region)
      : undefined;
  if (parsed && parsed.nationalNumber.length >= MIN_PHONE_DIGITS) {
    const nsn = parsed.nationalNumber;
    const national = parsed.format("NATIONAL").replace(/\D/g, "");
    const trunk = national.endsWith(nsn) ? national.slice(0, national.length - nsn.length) : "";
    const trunkPart = trunk ? `(?:${spacedDigits(trunk)}${GAP})?` : "";
    const international = `(?:(?:\\+|00|011)${GAP})?${spacedDigits(parsed.countryCallingCode)}${GAP}${trunkPart}`;
    const prefix = trunk ? `(?:${international}|${spacedDigits(trunk)}${GAP})?` : `(?:${international})?`;
    return { pattern: new RegExp(`(?<!\\d)${prefix}${spacedDigits(nsn)}(?!\\d)`, "g"), needle: { digits: nsn } };
  }
  const digits = text.replace(/\D/g, "");
  if (digits.length < MIN_PHONE_DIGITS) return null;
  return { pattern: new RegExp(`(?<!\\d)${spacedDigits(digits)}(?!\\d)`, "g"), needle: { digits } };
}

export function emailMention(raw: string): Mention | null {
  const email = raw.trim();
  if (email.length < 3) return null;
  const ascii = /^[\x20-\x7e]+$/.test(email);
  return {
    pattern: new RegExp(escapeRegExp(email), "giu"),
    needle: ascii ? { text: email.toLowerCase() } : asciiNeedle(email, 3),
  };
}

/** A word of a name as a pattern: any case, any apostrophe or hyphen. */
function namePart(word: string) {
  return escapeRegExp(word)
    .replace(/['\u2018\u2019\u02bc]/g, "['\u2018\u2019\u02bc]")
    .replace(/[-\u2010\u2011]/g, "[\\-\u2010\u2011]");
}

/**
 * One name: the full name (after an optional title), and when it has a first name and a
 * surname, "Title [First name or initial] Surname", "F. Surname" and "Surname, First name"
 * (or initial). The surname is any tail of the name after its first word, so "Mrs Berg"
 * and "Mrs van der Berg" both count for "Anna van der Berg".
 */
export function nameMention(raw: string): Mention | null {
  const words = raw.trim().split(/\s+/u).filter(Boolean);
  if (words.join(" ").length < 2) return null;
  const title = `(?:${TITLES.join("|")})\\.?\\s+`;
  const full = words.map(namePart).join("\\s+");
  const forms = [`(?:${title})?${full}`];
  if (words.length >= 2) {
    const first = namePart(words[0]!);
    const initial = namePart([...words[0]!][0]!);
    const given = `(?:${first}|${initial}\\.?)`;
    const surnames = words
      .slice(1)
      .map((_, at) => words.slice(at + 1))
      .filter((tail) => tail.join(" ").length >= MIN_SURNAME_LENGTH)
      .map((tail) => tail.map(namePart).join("\\s+"));
    if (surnames.length > 0) {
      const surname = `(?:${surnames.join("|")})`;
      forms.push(
        `${title}(?:${given}\\s+)?${surname}`,
        `${initial}(?:\\.\\s*|\\s+)${surname}`,
        `${surname},\\s*${given}`,
      );
    }
  }
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  // Every form contains the name's last word.
  return { pattern, needle: asciiNeedle(words[words.length - 1]!, 2) };
}

/**
 * Every mention pattern for a client's current and former details, with duplicates
 * dropped: e-mails first (a name can be part of one), then phones, then names.
 */
export function clientMentions(details: ClientDetails, country: string = DEFAULT_COUNTRY): Mention[] {
  const unique = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  const mentions = [
    ...unique(details.emails).map(emailMention),
    ...unique(details.phones).map((phone) => phoneMention(phone, country)),
    ...unique(details.names).map(nameMention),
  ];
  const seen = new Set<string>();
  return mentions.filter((mention): mention is Mention => {
    if (!mention || seen.has(mention.pattern.source)) return false;
    seen.add(mention.pattern.source);
    return true;
  });
}

/** The text with every mention replaced by `replacement`. */
export function redactMentions(text: string, mentions: Mention[], replacement: string): string {
  return mentions.reduce((result, { pattern }) => result.replace(pattern, replacement), text);
}
