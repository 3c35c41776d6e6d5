// Repeat bookings' limits (decision 0087), free of Zod so the booking dialog's JavaScript
// can show them without carrying the schemas.

/** Weeks between two occurrences of a series, at most. */
export const MAX_EVERY_WEEKS = 12;
/** Occurrences of one series at most, the first included. */
export const MAX_OCCURRENCES = 52;
