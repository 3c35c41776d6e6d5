// Phone numbers in E.164 (+447700900123), the one form SMS providers accept and the one
// used to match a number to a client. Isomorphic; libphonenumber-js's default (minimal)
// metadata is enough to parse and validate, and keeps the browser bundle small.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** The salon's country when none is configured: numbers written nationally are read as British. */
export const DEFAULT_COUNTRY: CountryCode = "GB";

export function isCountryCode(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

/**
 * The E.164 form of a number written nationally ("07700 900123", read in `country`) or
 * internationally ("+44 7700 900123", "0044 7700 900123"); null when it cannot be a
 * phone number there.
 */
export function toE164(raw: string | null | undefined, country: string = DEFAULT_COUNTRY): string | null {
  const text = (raw ?? "").trim();
  if (!text || text.length > 40) return null;
  const region = isCountryCode(country) ? country : DEFAULT_COUNTRY;
  // "00" is the international prefix in most of the countries a salon here would serve.
  const normalised = text.startsWith("00") ? `+${text.slice(2)}` : text;
  const parsed = parsePhoneNumberFromString(normalised, region);
  // "Possible" (right length for the country) rather than "valid" (in an allocated range):
  // metadata lags new ranges, and the provider refuses a truly unallocated number anyway,
  // which is then recorded as a failure.
  return parsed?.isPossible() ? parsed.number : null;
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
