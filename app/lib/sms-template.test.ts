import { describe, expect, it } from "vitest";
import { SMS_PROVIDER_OPTIONS } from "./sms-providers";
import {
  appointmentDateTime,
  reminderHoursChoices,
  reminderHoursLabel,
  renderTemplate,
  smsSegments,
  unknownVariables,
  unknownVariablesMessage,
} from "./sms-template";

const values = {
  clientName: "Ada",
  serviceName: "Cut",
  appointmentDate: "Tuesday, November 24, 2026",
  appointmentTime: "2:30 PM",
  stylistName: "Sam Jones",
  salonName: "Willow",
};

describe("reminder templates", () => {
  it("fills every variable and the Settings screen's {date} and {time}", () => {
    expect(
      renderTemplate(
        "Hi {clientName}: {serviceName} with {stylistName} at {salonName}, {appointmentDate} {appointmentTime}",
        values,
      ),
    ).toBe("Hi Ada: Cut with Sam Jones at Willow, Tuesday, November 24, 2026 2:30 PM");
    expect(renderTemplate("{date} at {time}", values)).toBe("Tuesday, November 24, 2026 at 2:30 PM");
  });

  it("names unknown variables once each, case-sensitively", () => {
    expect(unknownVariables("Hi {clientname} {clientName} {clientname} {}")).toEqual(["clientname", ""]);
    expect(unknownVariables("Hi {clientName} on {date}")).toEqual([]);
    expect(unknownVariablesMessage(["foo"])).toBe(
      "Unknown variable {foo}. Use {clientName}, {serviceName}, {appointmentDate}, {appointmentTime}, {stylistName}, {salonName}.",
    );
  });

  it("shows the salon's wall-clock time, also across the clock change", () => {
    expect(appointmentDateTime("2026-07-01T13:30:00.000Z", "Europe/London")).toEqual({
      appointmentDate: "Wednesday, July 1, 2026",
      appointmentTime: "2:30 PM",
    });
    expect(appointmentDateTime("2026-12-01T13:30:00.000Z", "Europe/London")).toEqual({
      appointmentDate: "Tuesday, December 1, 2026",
      appointmentTime: "1:30 PM",
    });
    expect(appointmentDateTime("2026-12-01T23:30:00.000Z", "America/New_York").appointmentDate).toBe(
      "Tuesday, December 1, 2026",
    );
  });
});

describe("smsSegments", () => {
  it("counts GSM-7 septets, extension characters twice", () => {
    expect(smsSegments("")).toEqual({ encoding: "GSM-7", characters: 0, segments: 0 });
    expect(smsSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", characters: 160, segments: 1 });
    expect(smsSegments("a".repeat(161))).toEqual({ encoding: "GSM-7", characters: 161, segments: 2 });
    expect(smsSegments("€".repeat(80))).toEqual({ encoding: "GSM-7", characters: 160, segments: 1 });
    expect(smsSegments("a".repeat(307))).toMatchObject({ segments: 3 });
  });

  it("switches the whole text to UCS-2 for one character outside GSM-7", () => {
    expect(smsSegments("Hi 😀")).toEqual({ encoding: "UCS-2", characters: 5, segments: 1 });
    expect(smsSegments("ł".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsSegments("ł".repeat(71))).toMatchObject({ encoding: "UCS-2", segments: 2 });
  });
});

describe("the settings forms' choices", () => {
  it("lists SPEC's timings, and a stored timing that is not one of them in its place", () => {
    expect(reminderHoursChoices(24)).toEqual([2, 4, 12, 24, 48]);
    expect(reminderHoursChoices(36)).toEqual([2, 4, 12, 24, 36, 48]);
    expect(reminderHoursChoices(1)).toEqual([1, 2, 4, 12, 24, 48]);
    expect(reminderHoursChoices(168)).toEqual([2, 4, 12, 24, 48, 168]);
    // Nothing the settings could not hold (a failed submission's value).
    for (const odd of [0, 169, 2.5, Number.NaN]) expect(reminderHoursChoices(odd)).toEqual([2, 4, 12, 24, 48]);
    expect([1, 2, 24, 36].map(reminderHoursLabel)).toEqual([
      "1 hour before",
      "2 hours before",
      "24 hours before (recommended)",
      "36 hours before",
    ]);
  });

  it("names each provider with its price per message, Plivo first and recommended", () => {
    expect(SMS_PROVIDER_OPTIONS).toEqual([
      { value: "plivo", label: "Plivo (£0.0035 per message, recommended)" },
      { value: "twilio", label: "Twilio (£0.0463 per message)" },
      { value: "messagebird", label: "MessageBird (£0.045 per message)" },
    ]);
  });
});
