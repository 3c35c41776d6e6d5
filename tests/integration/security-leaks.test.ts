// Small leaks from a stylist's side: whether another stylist's appointment exists, and
// the ids other stylists' changes carry on the live event stream.
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as eventsRoute from "~/routes/api.events";
import { publish } from "~/domain/events.server";
import { createTestAppointment } from "../clients-factories";
import { createService, stylistSession } from "../calendar-factories";
import { call, json, makeRequest } from "../factories";
import { waitForEvent } from "../server-process";

describe("what a stylist can learn about other stylists' appointments", () => {
  it("answers 404 for another stylist's appointment exactly as for a missing one", async () => {
    const sam = await stylistSession("stylist");
    const kim = await stylistSession("stylist");
    const service = await createService();
    const kims = await createTestAppointment({
      clientId: null,
      stylistId: kim.stylistId,
      serviceId: service.id,
      startTime: "2026-12-03T10:00:00.000Z",
    });
    const missingId = String(kims.id + 1000);
    for (const [method, handler] of [
      ["GET", appointmentById.loader],
      ["DELETE", appointmentById.action],
    ] as const) {
      const others = await json(
        await call(handler, makeRequest(method, `/api/appointments/${kims.id}`, { token: sam.token }), {
          id: String(kims.id),
        }),
      );
      const missing = await json(
        await call(handler, makeRequest(method, `/api/appointments/${missingId}`, { token: sam.token }), {
          id: missingId,
        }),
      );
      expect(others, method).toEqual(missing);
      expect(others.status).toBe(404);
    }
    const kimSees = await json(
      await call(appointmentById.loader, makeRequest("GET", `/api/appointments/${kims.id}`, { token: kim.token }), {
        id: String(kims.id),
      }),
    );
    expect(kimSees.status).toBe(200);
  });

  it("sends a stylist's event stream topics without other people's ids; admins and screens keep them", async () => {
    const sam = await stylistSession("stylist");
    const screen = await stylistSession("display");
    const open = async (token: string) =>
      (await call(eventsRoute.loader, makeRequest("GET", "/api/events", { token }))) as Response;
    const samStream = await open(sam.token);
    const screenStream = await open(screen.token);
    setTimeout(() => void publish(db, "appointments", 552), 50);
    const [samEvent, screenEvent] = await Promise.all([
      waitForEvent(samStream, (e) => e.event === "appointments"),
      waitForEvent(screenStream, (e) => e.event === "appointments"),
    ]);
    expect(JSON.parse(samEvent.data!)).toEqual({ topic: "appointments", id: null });
    expect(JSON.parse(screenEvent.data!)).toEqual({ topic: "appointments", id: 552 });
    await samStream.body?.cancel();
    await screenStream.body?.cancel();
  });
});
