// Test data and calls for the public booking API: the salon switched on, a stylist and a
// service to book, challenges solved with altcha-lib's own solver (the server has no bypass),
// and the public routes called with a client address of the test's choosing.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { salonSettings } from "#db/schema";
import * as challengeRoute from "~/routes/api.public.challenge";
import * as bookingsRoute from "~/routes/api.public.bookings._index";
import * as manageRoute from "~/routes/api.public.bookings.$token._index";
import * as cancelRoute from "~/routes/api.public.bookings.$token.cancel";
import * as rescheduleRoute from "~/routes/api.public.bookings.$token.reschedule";
import { createStylistAndService } from "./clients-factories";
import { createTestUser, makeRequest } from "./factories";
import { saveSalonSettings } from "~/domain/settings.server";
import { configureSms } from "./sms-factories";

export const SALON_PHONE = "020 7946 0001";

let admin: Awaited<ReturnType<typeof createTestUser>> | null = null;

/**
 * The salon with online booking on (and SMS on, to the fake provider the test started). A
 * save through the domain first empties this process's short settings cache (it writes back
 * what the cache holds, which is what the last call stored), so the rows written next are
 * what every read sees.
 */
export async function switchOn(overrides: Partial<typeof salonSettings.$inferInsert> = {}) {
  admin ??= await createTestUser("admin");
  await saveSalonSettings(admin, {});
  await configureSms();
  await db
    .update(salonSettings)
    .set({
      phone: SALON_PHONE,
      onlineBookingEnabled: true,
      onlineLeadTimeHours: 2,
      onlineApproval: false,
      onlineNewClients: true,
      cancellationNotice: 24,
      bookingAdvanceLimit: 30,
      ...overrides,
    })
    .where(eq(salonSettings.id, 1));
}

export async function stylistAndService() {
  return createStylistAndService({ name: "Cut & Finish", duration: 60, price: 4500 });
}

type Handler = (args: unknown) => Promise<Response>;

async function answer(handler: unknown, request: Request, params: Record<string, string> = {}, address = "127.0.0.1") {
  const response = await (handler as Handler)({
    request,
    params,
    context: { clientAddress: address, cspNonce: "test-nonce" },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of every shape, read by the assertions
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

export async function getChallenge() {
  return answer(challengeRoute.loader, makeRequest("GET", "/api/public/challenge"));
}

/** A challenge from the server, solved as the page's widget solves it: the payload the widget submits. */
export async function solvedPayload(): Promise<string> {
  const { body: challenge } = await getChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export function book(body: Record<string, unknown>, address = "127.0.0.1") {
  return answer(bookingsRoute.action, makeRequest("POST", "/api/public/bookings", { body }), {}, address);
}

export function manage(token: string) {
  return answer(manageRoute.loader, makeRequest("GET", `/api/public/bookings/${token}`), { token });
}

export function cancel(token: string) {
  return answer(cancelRoute.action, makeRequest("POST", `/api/public/bookings/${token}/cancel`), { token });
}

export function reschedule(token: string, body: Record<string, unknown>) {
  return answer(rescheduleRoute.action, makeRequest("POST", `/api/public/bookings/${token}/reschedule`, { body }), {
    token,
  });
}

/** The token at the end of a manage link. */
export function tokenOf(manageUrl: string): string {
  return manageUrl.split("/").pop()!;
}
