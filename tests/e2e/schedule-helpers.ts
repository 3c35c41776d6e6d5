// Shared by the schedule-guardrail specs, with and without JavaScript.
import type { Page } from "@playwright/test";

/** The salon's (London) date `days` after today, as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Add Time Off dialog's list of the bookings the time off would cover. */
export function bookingsInTimeOff(page: Page) {
  return page.getByRole("dialog", { name: "Add Time Off" }).getByRole("region", { name: "Bookings in this time off" });
}
