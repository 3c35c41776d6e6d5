// The answer of `GET /api/appointments/{id}/history` (decision 0085): one entry per
// recorded change, newest first. Only the fields that changed are in `changes`; a created
// entry has every set field with `before: null`, a deleted one every field with `after: null`.
import { z } from "zod";
import { APPOINTMENT_HISTORY_KINDS, APPOINTMENT_STATUSES, PATCH_TEST_FINDINGS } from "#db/enums";

const reference = z.object({ id: z.number().int(), name: z.string() }).nullable();

function change<T extends z.ZodTypeAny>(value: T) {
  return z.object({ before: value, after: value });
}

const AppointmentHistoryChangesSchema = z
  .object({
    stylist: change(reference),
    startTime: change(z.string().nullable()),
    endTime: change(z.string().nullable()),
    service: change(reference),
    status: change(z.enum(APPOINTMENT_STATUSES).nullable()),
    /** Pence. */
    price: change(z.number().int().nullable()),
    /** Null for blocked time, and for a client since erased. */
    client: change(reference),
    notes: change(z.string().nullable()),
  })
  .partial();

export const AppointmentHistoryEntrySchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  /** ISO-8601 UTC. */
  at: z.string(),
  /** The acting user, with their name when they acted. */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  kind: z.enum(APPOINTMENT_HISTORY_KINDS),
  changes: AppointmentHistoryChangesSchema,
  /** Booked without a valid patch test (decision 0126): what was found, confirmed by the actor; a failed test's override reason. */
  patchTest: z
    .object({ finding: z.enum(PATCH_TEST_FINDINGS), overrideReason: z.string().nullable() })
    .optional()
    .describe(
      "Present when the actor confirmed booking without a valid patch test: what was found, and for a failed test the administrator's reason.",
    ),
});

export const AppointmentHistoryPageSchema = z.array(AppointmentHistoryEntrySchema);

export type AppointmentHistoryEntry = z.infer<typeof AppointmentHistoryEntrySchema>;
