// Exactly-once SMS reminders under WEB_CONCURRENCY=2 on two servers (four scheduler
// processes) sharing one database file, against a local fake Twilio. Prints how many
// reminders were due, how many requests the provider received and any duplicates.
//   npx remix vite:build && npx tsx bench/sms-exactly-once.ts --appointments=28
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../tests/server-process";
import { startFakeProviders } from "../tests/sms-fake-providers";

// One stylist, back-to-back half hours from 08:00 tomorrow (UTC), so at most 28.
const count = Math.min(28, Number(process.argv.find((arg) => arg.startsWith("--appointments="))?.split("=")[1] ?? 28));
process.chdir(new URL("..", import.meta.url).pathname);
const fake = await startFakeProviders();
const env = {
  DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "salon-sms-bench-")), "salon.db")}`,
  SESSION_SECRET: "sms-bench-secret-0123456789abcdef",
  WEB_CONCURRENCY: "2",
  REMINDER_INTERVAL_SECONDS: "1",
  SMS_TWILIO_URL: fake.url,
};
const first = await startServer("node", ["server.js"], env);
const second = await startServer("node", ["server.js"], env);

async function call<T>(
  path: string,
  body?: unknown,
  token?: string,
  method = body === undefined ? "GET" : "POST",
): Promise<T> {
  const response = await fetch(`${first.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

try {
  const { token } = await call<{ token: string }>("/api/setup-admin", {
    email: "owner@bench.test",
    password: "secret1",
    firstName: "Olive",
    lastName: "Owner",
  });
  await call(
    "/api/register",
    { email: "sam@bench.test", password: "secret1", firstName: "Sam", lastName: "Shears", role: "stylist" },
    token,
  );
  const [stylist] = await call<{ id: number }[]>("/api/stylists", undefined, token);
  const service = await call<{ id: number }>(
    "/api/services",
    { name: "Cut", category: "Hair", duration: 30, price: 3000, isActive: true },
    token,
  );
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  tomorrow.setUTCHours(8, 0, 0, 0);
  for (let n = 0; n < count; n++) {
    const client = await call<{ id: number }>(
      "/api/clients",
      { name: `Client ${n}`, phone: `07400 9${String(n).padStart(5, "0")}`, consentType: "service" },
      token,
    );
    const start = new Date(tomorrow.getTime() + n * 30 * 60_000);
    await call(
      "/api/appointments",
      {
        clientId: client.id,
        stylistId: stylist!.id,
        serviceId: service.id,
        startTime: start.toISOString(),
        availabilityOverride: true,
      },
      token,
    );
  }
  await call(
    "/api/salon-settings",
    {
      smsEnabled: true,
      smsProvider: "twilio",
      smsApiKey: "ACbench",
      smsApiSecret: "bench-token",
      smsFromNumber: "07400 900001",
      reminderHoursBefore: 48,
    },
    token,
  );
  const started = Date.now();
  while (fake.requests.length < count && Date.now() - started < 60_000)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const allSentMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 5000)); // several more runs by every process
  const to = fake.requests.map((request) => String(request.body.To));
  const duplicates = to.length - new Set(to).size;
  console.log(
    `due ${count}, provider received ${to.length}, distinct ${new Set(to).size}, duplicates ${duplicates}; all sent ${allSentMs} ms after SMS was turned on`,
  );
  console.log(duplicates === 0 && to.length === count ? "exactly once" : "NOT exactly once");
} finally {
  await Promise.all([first.stop(), second.stop()]);
  await fake.close();
}
