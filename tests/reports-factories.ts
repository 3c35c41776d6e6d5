// A hand-built salon for the report tests: one week (Mon 19 - Sun 25 October 2026, London)
// whose Sunday is the day the clocks go back, so its days start at 23:00 UTC until the
// Sunday and the Sunday is 25 hours long. Every figure the tests expect is worked out by
// hand in the comments below.
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { appointments, services, type AppointmentStatus } from "#db/schema";
import { createClient, createService } from "./calendar-factories";
import { signedIn } from "./factories";
import { createTimeOff, stylistOf } from "./services-factories";

export const WEEK = { from: "2026-10-19", to: "2026-10-25" };

type Booking = {
  stylistId: number;
  clientId: number | null;
  serviceId: number | null;
  status: AppointmentStatus;
  price: number;
  start: string;
  minutes: number;
};

export async function book(booking: Booking) {
  const start = new Date(booking.start);
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId: booking.stylistId,
      clientId: booking.clientId,
      serviceId: booking.serviceId,
      status: booking.status,
      price: booking.price,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + booking.minutes * 60_000).toISOString(),
    })
    .returning();
  return row!;
}

export async function reportFixture() {
  const admin = await signedIn("admin");
  const display = await signedIn("display");
  const ann = await signedIn("stylist", { firstName: "Ann", lastName: "Shears" });
  const bob = await signedIn("stylist", { firstName: "Bob", lastName: "Blades" });
  const a = (await stylistOf(ann.user.id)).id;
  const b = (await stylistOf(bob.user.id)).id;
  // Booked at £45; the price went up to £60 afterwards, which must not rewrite history.
  const cut = await createService({ name: "Report Cut", price: 4500, duration: 60 });
  const colour = await createService({ name: "Report Colour", price: 7000, duration: 90 });
  const c1 = (await createClient({ name: "Cara One" })).id;
  const c2 = (await createClient({ name: "Dan Two" })).id;
  const c3 = (await createClient({ name: '=HYPERLINK("http://x","Eve")' })).id;

  // In the week (local dates in brackets):
  await book({
    stylistId: a,
    clientId: c1,
    serviceId: cut.id,
    status: "completed",
    price: 4500,
    start: "2026-10-18T23:30:00Z",
    minutes: 60,
  }); // Mon 19 00:30 BST
  await book({
    stylistId: a,
    clientId: c1,
    serviceId: colour.id,
    status: "completed",
    price: 7000,
    start: "2026-10-21T09:00:00Z",
    minutes: 90,
  }); // Wed 21
  await book({
    stylistId: a,
    clientId: c2,
    serviceId: cut.id,
    status: "cancelled",
    price: 4500,
    start: "2026-10-22T09:00:00Z",
    minutes: 60,
  }); // Thu 22
  await book({
    stylistId: a,
    clientId: null,
    serviceId: null,
    status: "blocked",
    price: 999,
    start: "2026-10-20T12:00:00Z",
    minutes: 120,
  }); // Tue 20, counts nowhere
  await book({
    stylistId: b,
    clientId: c3,
    serviceId: colour.id,
    status: "completed",
    price: 7000,
    start: "2026-10-23T10:00:00Z",
    minutes: 60,
  }); // Fri 23
  await book({
    stylistId: b,
    clientId: c1,
    serviceId: cut.id,
    status: "scheduled",
    price: 4500,
    start: "2026-10-24T10:00:00Z",
    minutes: 60,
  }); // Sat 24
  await book({
    stylistId: b,
    clientId: c2,
    serviceId: cut.id,
    status: "completed",
    price: 5000,
    start: "2026-10-25T23:30:00Z",
    minutes: 30,
  }); // Sun 25 23:30 GMT
  // Outside it:
  await book({
    stylistId: a,
    clientId: c1,
    serviceId: cut.id,
    status: "completed",
    price: 4500,
    start: "2026-10-26T00:30:00Z",
    minutes: 60,
  }); // Mon 26
  await book({
    stylistId: b,
    clientId: c3,
    serviceId: cut.id,
    status: "completed",
    price: 3000,
    start: "2026-10-18T22:30:00Z",
    minutes: 60,
  }); // Sun 18 23:30 BST: the previous week
  await db.update(services).set({ price: 6000 }).where(eq(services.id, cut.id));
  // Bob is off Thursday and Friday: 4 working days of 8 hours instead of 6.
  await createTimeOff(b, "2026-10-22", "2026-10-23", "Training");

  return {
    admin,
    display,
    ann,
    bob,
    stylists: { a, b },
    services: { cut: cut.id, colour: colour.id },
    clients: { c1, c2, c3 },
  };
}
