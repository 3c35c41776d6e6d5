// Interim booking terms until the pricing work lands (issue 5 replaces this module).
import { and, eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { services, stylistPricing } from "#db/schema";
import { NotFound } from "./errors";

export type BookingTerms = { serviceId: number; serviceName: string; isActive: boolean; price: number; duration: number };

/** The stylist's own price and duration for a service, else the service's. */
export async function bookingTerms(executor: Executor, stylistId: number, serviceId: number): Promise<BookingTerms> {
  const [row] = await executor
    .select({ service: services, customPrice: stylistPricing.price, customDuration: stylistPricing.duration })
    .from(services)
    .leftJoin(stylistPricing, and(eq(stylistPricing.serviceId, services.id), eq(stylistPricing.stylistId, stylistId)))
    .where(eq(services.id, serviceId))
    .limit(1);
  if (!row) throw new NotFound("Service not found");
  return {
    serviceId: row.service.id,
    serviceName: row.service.name,
    isActive: row.service.isActive,
    price: row.customPrice && row.customPrice > 0 ? row.customPrice : row.service.price,
    duration: row.customDuration && row.customDuration > 0 ? row.customDuration : row.service.duration,
  };
}
