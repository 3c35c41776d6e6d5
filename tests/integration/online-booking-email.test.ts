// An online booking's confirmation e-mail (decisions 0103, 0108): it carries the client's
// manage link, which the database never holds, held by the booking's process for it; a
// request is not confirmed by e-mail until staff accept it.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { salonSettings } from "#db/schema";
import { noticesSettled } from "~/domain/client-notices.server";
import { runEmailNotices } from "~/domain/email-notices.server";
import { pinClock } from "../clock";
import { book, solvedPayload, stylistAndService, switchOn } from "../online-booking-factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { startFakeSmtp, type FakeSmtp } from "../smtp-fake-server";

// Wednesday 25 November 2026, 10:30 in London.
pinClock("2026-11-25T10:30:00.000Z");
process.env.EMAIL_SEND_AFTER_WRITE = "0";
const APP_URL = "https://book.salon.example";

let smtp: FakeSmtp;
let sms: FakeProviders;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  sms = await startFakeProviders();
  sms.useForAll();
  process.env.APP_URL = APP_URL;
});
afterAll(async () => {
  await noticesSettled();
  await smtp.close();
  await sms.close();
});
beforeEach(async () => {
  await noticesSettled();
  await switchOn();
  await db
    .update(salonSettings)
    .set({
      emailEnabled: true,
      smtpHost: "127.0.0.1",
      smtpPort: smtp.port,
      smtpSecurity: "none",
      emailFrom: "bookings@willow.test",
    })
    .where(eq(salonSettings.id, 1));
  smtp.received.length = 0;
});

async function bookOnline(email: string, start: string, address: string) {
  const { stylist, service } = await stylistAndService();
  const made = await book(
    {
      serviceId: service.id,
      stylistId: stylist.id,
      start,
      firstName: "Iris",
      lastName: "Mailer",
      phone: `07400 6${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`,
      email,
      consent: true,
      altcha: await solvedPayload(),
    },
    address,
  );
  expect(made.status).toBe(201);
  return made.body as { manageUrl: string; status: string };
}

it("sends the confirmation e-mail with the manage link", async () => {
  const { manageUrl } = await bookOnline("iris@example.com", "2026-11-30T10:00:00.000Z", "198.51.100.201");
  expect(manageUrl.startsWith(`${APP_URL}/book/manage/`)).toBe(true);
  await runEmailNotices();
  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0]!.mail;
  expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain("iris@example.com");
  expect(mail.text).toContain(manageUrl);
  expect(String(mail.html)).toContain(manageUrl);
});

it("does not confirm a request by e-mail", async () => {
  await switchOn({ onlineApproval: true });
  await db
    .update(salonSettings)
    .set({ emailEnabled: true, smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpSecurity: "none" })
    .where(eq(salonSettings.id, 1));
  const made = await bookOnline("ivy@example.com", "2026-11-30T12:00:00.000Z", "198.51.100.202");
  expect(made.status).toBe("requested");
  await runEmailNotices();
  expect(smtp.received).toHaveLength(0);
});
