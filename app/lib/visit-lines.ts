// The booking dialog's further services (a visit, decision 0110): the field names the form
// and the server share, kept free of Zod so the dialog's JavaScript stays light.

/** A visit holds at most this many lines (services). */
export const MAX_VISIT_LINES = 6;

/** The booking dialog's field names for line `n` (2 and up; line 1 is the form's own service). */
export const visitLineField = (n: number, field: "ServiceId" | "StylistId" | "Duration" | "Time") => `line${n}${field}`;

/** How many further lines the dialog shows (a hidden field), and the no-JavaScript buttons that add or remove one. */
export const VISIT_LINE_COUNT = "lineCount";
export const ADD_VISIT_LINE = "addLine";
export const REMOVE_VISIT_LINE = "removeLine";
