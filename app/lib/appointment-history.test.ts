import { describe, expect, it } from "vitest";
import {
  describeHistoryEntry,
  diffAppointment,
  formatHistoryInstant,
  type AppointmentState,
} from "./appointment-history";
import type { AppointmentHistoryEntry } from "./schemas/appointment-history";

const booked: AppointmentState = {
  stylistId: 1,
  startTime: "2026-11-14T10:00:00.000Z",
  endTime: "2026-11-14T11:00:00.000Z",
  serviceId: 7,
  status: "scheduled",
  price: 4500,
  clientId: 3,
  notes: null,
};

describe("diffAppointment", () => {
  it("a creation lists every field that is set, as after values", () => {
    expect(diffAppointment(null, booked)).toEqual({
      kind: "created",
      changes: {
        stylistId: { before: null, after: 1 },
        startTime: { before: null, after: booked.startTime },
        endTime: { before: null, after: booked.endTime },
        serviceId: { before: null, after: 7 },
        status: { before: null, after: "scheduled" },
        price: { before: null, after: 4500 },
        clientId: { before: null, after: 3 },
      },
    });
  });

  it("a deletion lists the last state as before values", () => {
    const diff = diffAppointment({ ...booked, notes: "Fringe" }, null);
    expect(diff?.kind).toBe("deleted");
    expect(diff?.changes.notes).toEqual({ before: "Fringe", after: null });
    expect(diff?.changes.stylistId).toEqual({ before: 1, after: null });
  });

  it("nothing changed is nothing to record", () => {
    expect(diffAppointment(booked, { ...booked })).toBeNull();
    expect(diffAppointment(null, null)).toBeNull();
  });

  it("a change of stylist or time is a move, and a time change carries start and end", () => {
    const later = {
      ...booked,
      stylistId: 2,
      startTime: "2026-11-14T11:30:00.000Z",
      endTime: "2026-11-14T12:30:00.000Z",
    };
    expect(diffAppointment(booked, later)).toEqual({
      kind: "moved",
      changes: {
        stylistId: { before: 1, after: 2 },
        startTime: { before: booked.startTime, after: later.startTime },
        endTime: { before: booked.endTime, after: later.endTime },
      },
    });
    // Only the end changed: the start rides along so the entry reads on its own.
    const longer = diffAppointment(booked, { ...booked, endTime: "2026-11-14T11:30:00.000Z" });
    expect(longer?.kind).toBe("moved");
    expect(longer?.changes.startTime).toEqual({ before: booked.startTime, after: booked.startTime });
    // Another stylist's price follows the stylist: still a move.
    expect(diffAppointment(booked, { ...booked, stylistId: 2, price: 5000 })?.kind).toBe("moved");
  });

  it("a change of status alone is a status change; anything else is an edit", () => {
    expect(diffAppointment(booked, { ...booked, status: "cancelled" })).toEqual({
      kind: "status_changed",
      changes: { status: { before: "scheduled", after: "cancelled" } },
    });
    expect(diffAppointment(booked, { ...booked, notes: "Fringe" })).toEqual({
      kind: "edited",
      changes: { notes: { before: null, after: "Fringe" } },
    });
    expect(diffAppointment(booked, { ...booked, status: "completed", notes: "Paid" })?.kind).toBe("edited");
    expect(diffAppointment(booked, { ...booked, price: 1 })?.kind).toBe("edited");
  });
});

const entry = (overrides: Partial<AppointmentHistoryEntry>): AppointmentHistoryEntry => ({
  id: 1,
  appointmentId: 9,
  at: "2026-11-14T10:02:00.000Z",
  actor: { id: 1, name: "Anna Admin" },
  kind: "moved",
  changes: {},
  ...overrides,
});

describe("describeHistoryEntry", () => {
  it("reads a move with names, the salon's clock and time zone", () => {
    const line = describeHistoryEntry(
      entry({
        changes: {
          stylist: { before: { id: 1, name: "Jo" }, after: { id: 2, name: "Sam" } },
          startTime: { before: "2026-11-14T10:00:00.000Z", after: "2026-11-14T11:30:00.000Z" },
          endTime: { before: "2026-11-14T11:00:00.000Z", after: "2026-11-14T12:30:00.000Z" },
        },
      }),
      "Europe/London",
      "24h",
    );
    expect(line).toEqual({
      id: 1,
      when: "Nov 14, 2026, 10:02",
      who: "Anna Admin",
      action: "moved it",
      details: ["Stylist Jo → Sam", "Time 10:00 → 11:30"],
    });
  });

  it("shows dates when the day changes, ends when the length changes, and the 12-hour clock", () => {
    const line = describeHistoryEntry(
      entry({
        changes: {
          startTime: { before: "2026-11-14T10:00:00.000Z", after: "2026-11-15T10:00:00.000Z" },
          endTime: { before: "2026-11-14T11:00:00.000Z", after: "2026-11-15T11:30:00.000Z" },
        },
      }),
      "Europe/London",
      "12h",
    );
    expect(line.details).toEqual(["Time Nov 14, 2026, 10:00 AM–11:00 AM → Nov 15, 2026, 10:00 AM–11:30 AM"]);
  });

  it("a creation lists values without arrows; notes are quoted and cut", () => {
    const line = describeHistoryEntry(
      entry({
        kind: "created",
        changes: {
          service: { before: null, after: { id: 7, name: "Cut & Finish" } },
          status: { before: null, after: "scheduled" },
          price: { before: null, after: 4500 },
          notes: { before: null, after: "x".repeat(200) },
        },
      }),
      "Europe/London",
      "12h",
    );
    expect(line.action).toBe("created it");
    expect(line.details.slice(0, 3)).toEqual(["Service Cut & Finish", "Status Scheduled", "Price £45.00"]);
    expect(line.details[3]).toMatch(/^Notes “x{79}…”$/);
  });

  it("an edit shows 'none' for an empty side", () => {
    const line = describeHistoryEntry(
      entry({
        kind: "edited",
        changes: { notes: { before: null, after: "Fringe" }, client: { before: null, after: { id: 3, name: "Ann" } } },
      }),
      "UTC",
      "12h",
    );
    expect(line.details).toEqual(["Client none → Ann", "Notes none → “Fringe”"]);
  });

  it("formats instants in the salon's time zone", () => {
    expect(formatHistoryInstant("2026-07-01T23:30:00.000Z", "Europe/London", "24h")).toBe("Jul 2, 2026, 0:30");
  });
});
