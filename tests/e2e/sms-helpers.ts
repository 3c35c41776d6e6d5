// What the SMS specs need: an upcoming appointment with a client to text, and a way back
// to SMS turned off, so other specs sharing the database never see reminders.
import { expect, type Locator } from "@playwright/test";
import { apiCall, apiToken, createServiceViaApi, createStylistAccount, unique } from "./services-helpers";

export async function upcomingAppointment() {
  const token = await apiToken();
  const tag = unique();
  const stylist = await createStylistAccount(token, "Rosa", `Reminder${tag}`);
  const service = await createServiceViaApi(token, {
    name: `Gloss ${tag}`,
    category: "Colour",
    duration: 60,
    price: 5500,
  });
  // A phone of its own: a phone belongs to one client (decision 0060), and specs share the database.
  let phone = "";
  let client = { status: 409 } as Awaited<ReturnType<typeof apiCall<{ id: number }>>>;
  for (let attempt = 0; attempt < 5 && client.status === 409; attempt++) {
    phone = `07400 98${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
    client = await apiCall<{ id: number }>(token, "POST", "/api/clients", {
      name: `Tess Texter ${tag}`,
      phone,
      consentType: "service",
    });
  }
  expect(client.status).toBe(201);
  const start = new Date(Date.now() + 3 * 24 * 3600_000);
  start.setUTCHours(10, 0, 0, 0);
  const appointment = await apiCall<{ id: number }>(token, "POST", "/api/appointments", {
    clientId: client.body.id,
    stylistId: stylist.stylistId,
    serviceId: service.id,
    startTime: start.toISOString(),
    availabilityOverride: true,
  });
  expect(appointment.status).toBe(201);
  return {
    token,
    stylist,
    appointmentId: appointment.body.id,
    clientName: `Tess Texter ${tag}`,
    phone,
    phoneE164: `+44${phone.replace(/\D/g, "").slice(1)}`,
  };
}

/**
 * The Test SMS picker lists the soonest upcoming appointments only, and specs sharing the
 * database book the next hours and days: a test takes the picker's first choice and reads
 * whose it is from its label ("Tue, Nov 24, 10:00 AM – Name (07400 900123)").
 */
export async function firstTestChoice(picker: Locator) {
  const option = picker.locator("option:not([value=''])").first();
  const appointmentId = (await option.getAttribute("value")) ?? "";
  const label = (await option.textContent()) ?? "";
  const [, clientName = "", phone = ""] = /– (.+) \((.+)\)$/.exec(label) ?? [];
  expect(clientName, label).not.toBe("");
  const digits = phone.replace(/\D/g, "");
  return {
    appointmentId,
    label,
    clientName,
    phone,
    phoneE164: phone.startsWith("+") ? `+${digits}` : `+44${digits.slice(1)}`,
  };
}

export async function turnSmsOff() {
  const token = await apiToken();
  const saved = await apiCall(token, "POST", "/api/salon-settings", { smsEnabled: false });
  expect(saved.status).toBe(200);
}
