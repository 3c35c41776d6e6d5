// Fake Twilio, Plivo and MessageBird APIs for tests: one HTTP server on a free 127.0.0.1
// port that records every request (path, headers, parsed body) and answers like the real
// service, or with the failures a test queues up.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { provider: "twilio" | "plivo" | "messagebird"; method: string; path: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> };
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };

export type FakeProviders = {
  url: string;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order; afterwards the provider accepts. */
  queue: (...answers: FakeAnswer[]) => void;
  /** Points the SMS_*_URL variables at this server. */
  useForAll: () => void;
  close: () => Promise<void>;
};

function providerOf(path: string): RecordedRequest["provider"] | null {
  if (/^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(path)) return "twilio";
  if (/^\/v1\/Account\/[^/]+\/Message\/$/.test(path)) return "plivo";
  if (path === "/messages") return "messagebird";
  return null;
}

let sequence = 0;
function success(provider: RecordedRequest["provider"]): FakeAnswer {
  sequence += 1;
  if (provider === "twilio") return { status: 201, body: { sid: `SM${String(sequence).padStart(32, "0")}`, status: "queued" } };
  if (provider === "plivo") return { status: 202, body: { api_id: "api", message: "message(s) queued", message_uuid: [`plivo-uuid-${sequence}`] } };
  return { status: 201, body: { id: `mb-${sequence}`, recipients: { totalCount: 1 } } };
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const requests: RecordedRequest[] = [];
  const answers: FakeAnswer[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      const provider = providerOf(path);
      if (!provider || req.method !== "POST") {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "not found" }));
        return;
      }
      const type = req.headers["content-type"] ?? "";
      const body = type.includes("json") ? (JSON.parse(raw || "{}") as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
      requests.push({ provider, method: req.method, path, headers: req.headers, body });
      const answer = answers.shift() ?? success(provider);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
        res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    queue: (...more) => answers.push(...more),
    useForAll: () => {
      process.env.SMS_TWILIO_URL = url;
      process.env.SMS_PLIVO_URL = url;
      process.env.SMS_MESSAGEBIRD_URL = url;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
