// The booking page's steps live in the URL's search params (service, stylist, the first day
// shown, the day and the start): every step is a plain link or GET form, works without
// JavaScript, and Back and a shared link land on the same step.
import { isCalendarDate, type CalendarDate } from "./salon-time";

export type BookStep = {
  serviceId?: number;
  /** A stylist's id, or "any" for whoever is free. */
  stylistId?: number | "any";
  /** The first day of the week of days shown. */
  from?: CalendarDate;
  /** The day whose times are shown. */
  date?: CalendarDate;
  /** The chosen start (ISO-8601 UTC). */
  start?: string;
};

const ID = /^[1-9][0-9]{0,9}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

function calendarDate(value: string | null): CalendarDate | undefined {
  return value && isCalendarDate(value) ? value : undefined;
}

/** An ISO-8601 UTC instant (as the slots give them), or undefined for anything else. */
export function isoInstant(value: string | null | undefined): string | undefined {
  if (!value || !ISO_INSTANT.test(value)) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const instant = new Date(time).toISOString();
  // February 30 is not March 2.
  return instant.slice(0, 10) === value.slice(0, 10) ? instant : undefined;
}

/** The step the URL asks for; a malformed value is dropped, as if it were not there. */
export function parseBookStep(params: URLSearchParams): BookStep {
  const serviceId = params.get("serviceId");
  const stylistId = params.get("stylistId");
  return {
    serviceId: serviceId && ID.test(serviceId) ? Number(serviceId) : undefined,
    stylistId: stylistId === "any" ? "any" : stylistId && ID.test(stylistId) ? Number(stylistId) : undefined,
    from: calendarDate(params.get("from")),
    date: calendarDate(params.get("date")),
    start: isoInstant(params.get("start")),
  };
}

/** The URL of a step: `bookHref({ serviceId: 3, stylistId: "any" })` is "/book?serviceId=3&stylistId=any". */
export function bookHref(step: BookStep, path = "/book"): string {
  const params = new URLSearchParams();
  if (step.serviceId !== undefined) params.set("serviceId", String(step.serviceId));
  if (step.stylistId !== undefined) params.set("stylistId", String(step.stylistId));
  if (step.from) params.set("from", step.from);
  if (step.date) params.set("date", step.date);
  if (step.start) params.set("start", step.start);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** "45 min", "1 hr", "1 hr 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}
