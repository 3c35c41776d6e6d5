// SPEC §9 working hours: the dropdowns' choices. No Zod here, so screens can import it
// without shipping the validation library to the browser.
const hours = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${String(from + i).padStart(2, "0")}:00`);
/** Start hourly 07:00-21:00, end hourly 08:00-22:00. */
export const START_TIMES = hours(7, 21);
export const END_TIMES = hours(8, 22);
export const SCHEDULE_MODES = ["weekly", "biweekly"] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
