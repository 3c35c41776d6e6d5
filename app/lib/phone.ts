// Phone numbers in E.164 (+447400900123), the one form SMS providers accept and the one
// used to match a number to a client. Isomorphic; libphonenumber-js's default (minimal)
// metadata is enough to parse and validate, and keeps the browser bundle small.
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js";

/** The salon's country when none is configured: numbers written nationally are read as British. */
export const DEFAULT_COUNTRY: CountryCode = "GB";

export function isCountryCode(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

/**
 * The E.164 form of a number written nationally ("07400 900123", read in `country`) or
 * internationally ("+44 7400 900123", "0044 7400 900123"); null when it is not a valid
 * phone number there.
 */
export function toE164(raw: string | null | undefined, country: string = DEFAULT_COUNTRY): string | null {
  const text = (raw ?? "").trim();
  if (!text || text.length > 40) return null;
  const region = isCountryCode(country) ? country : DEFAULT_COUNTRY;
  // "00" is the international prefix in most of the countries a salon here would serve.
  const normalised = text.startsWith("00") ? `+${text.slice(2)}` : text;
  const parsed = parsePhoneNumberFromString(normalised, region);
  // "Valid" (in a range the numbering plan allocates), not merely "possible" (the right
  // length): "07700 9001" is possible once read as +44 077009001, but no phone answers it,
  // and a text to it is lost. Ofcom's drama range 07700 900xxx is not valid either.
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether a written phone is a valid number (read in `country`); an empty phone is not checked here. */
export function isValidPhone(raw: string | null | undefined, country: string = DEFAULT_COUNTRY): boolean {
  return toE164(raw, country) !== null;
}

/** The error for a phone that is not a valid number, with the country code to write it with. */
export function invalidPhoneMessage(country: string = DEFAULT_COUNTRY): string {
  const code = getCountryCallingCode(isCountryCode(country) ? country : DEFAULT_COUNTRY);
  return `Not a valid phone number: check the digits, or write it with the country code (+${code})`;
}

/** Whether two written numbers are the same phone (e.g. a booking's number and a client's). */
export function samePhone(
  a: string | null | undefined,
  b: string | null | undefined,
  country: string = DEFAULT_COUNTRY,
): boolean {
  const left = toE164(a, country);
  return left !== null && left === toE164(b, country);
}
