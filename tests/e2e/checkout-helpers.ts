// Checkout specs' set-up through /api: a client and a booking of their own, and a product for sale.
import { createClient } from "@libsql/client";
import { expect } from "@playwright/test";
import { apiRequest, londonInstant, type CalendarSetup } from "./calendar-fixtures";
import { currentSlot } from "./servers";
import { unique, uniquePhone } from "./services-helpers";

/** A client of the test's own (one client cannot be booked twice at overlapping times). */
export async function clientOfOwn(setup: CalendarSetup, name: string) {
  const created = await apiRequest("POST", "/api/clients", setup.token, {
    name: `${name} ${unique()}`,
    phone: uniquePhone(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; name: string };
}

/**
 * A booking on a day of the checkout specs' own month, written straight into the e2e
 * database (the server has it open in WAL mode): that month is further ahead than /api
 * books, and checkout reads whatever is booked.
 */
export async function bookFor(setup: CalendarSetup, clientId: number, stylist: string, date: string, time: string) {
  const start = londonInstant(date, time);
  const end = new Date(Date.parse(start) + 60 * 60_000).toISOString();
  const db = createClient({ url: `file:${currentSlot().databaseFile}` });
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    const inserted = await db.execute({
      sql: "insert into appointments (client_id, stylist_id, service_id, start_time, end_time, price, status) values (?, ?, ?, ?, ?, 4500, 'scheduled') returning id",
      args: [clientId, setup.stylists[stylist]!, setup.services["Cut & Finish"]!, start, end],
    });
    return { id: Number(inserted.rows[0]!.id) };
  } finally {
    db.close();
  }
}

export async function productForSale(setup: CalendarSetup, name: string, retailPrice: number, stockQuantity = 5) {
  const created = await apiRequest("POST", "/api/products", setup.token, {
    name: `${name} ${unique()}`,
    retailPrice,
    stockQuantity,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; name: string };
}
