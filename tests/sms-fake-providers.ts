// Fake Twilio, Plivo and MessageBird APIs for tests: one HTTP server on a free 127.0.0.1
// port that records every request (path, headers, parsed body) and answers like the real
// service, or with the failures a test queues up. Like the real services, it keeps each
// message it accepted and lists them (Twilio's, Plivo's and MessageBird's list APIs, with
// their filters by recipient and time, in their own answer shapes).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Provider = "twilio" | "plivo" | "messagebird";
export type RecordedRequest = {
  provider: Provider;
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
};
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
/** A message the fake provider took (it has it whether or not its answer reached the sender). */
export type StoredMessage = {
  provider: Provider;
  id: string;
  to: string;
  from: string;
  body: string;
  createdAt: Date;
  status: string;
};

export type FakeProviders = {
  url: string;
  requests: RecordedRequest[];
  /** Every message accepted, as the provider's list API reports it. */
  messages: StoredMessage[];
  /** Every list (GET) request, with its query. */
  lookups: { provider: Provider; query: URLSearchParams }[];
  /** Answers for the next requests, in order; afterwards the provider accepts. */
  queue: (...answers: FakeAnswer[]) => void;
  /** Answers for the next list requests, in order; afterwards the provider lists what it has. */
  queueLookups: (...answers: FakeAnswer[]) => void;
  /** Points the SMS_*_URL variables at this server. */
  useForAll: () => void;
  close: () => Promise<void>;
};

function providerOf(path: string): Provider | null {
  if (/^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(path)) return "twilio";
  if (/^\/v1\/Account\/[^/]+\/Message\/$/.test(path)) return "plivo";
  if (path === "/messages") return "messagebird";
  return null;
}

let sequence = 0;
function success(provider: Provider): FakeAnswer {
  sequence += 1;
  if (provider === "twilio")
    return { status: 201, body: { sid: `SM${String(sequence).padStart(32, "0")}`, status: "queued" } };
  if (provider === "plivo")
    return {
      status: 202,
      body: { api_id: "api", message: "message(s) queued", message_uuid: [`plivo-uuid-${sequence}`] },
    };
  return { status: 201, body: { id: `mb-${sequence}`, recipients: { totalCount: 1 } } };
}

function messageOf(provider: Provider, body: Record<string, unknown>, answer: FakeAnswer): StoredMessage | null {
  if (answer.status < 200 || answer.status >= 300) return null;
  const reply = (answer.body ?? {}) as Record<string, unknown>;
  const base = { provider, createdAt: new Date(), status: "delivered" };
  if (provider === "twilio")
    return { ...base, id: String(reply.sid), to: String(body.To), from: String(body.From), body: String(body.Body) };
  if (provider === "plivo")
    return {
      ...base,
      id: String((reply.message_uuid as string[])[0]),
      to: String(body.dst),
      from: String(body.src),
      body: String(body.text),
    };
  return {
    ...base,
    id: String(reply.id),
    to: String((body.recipients as string[])[0]),
    from: String(body.originator),
    body: String(body.body),
  };
}

const digits = (number: string) => number.replace(/\D/g, "");
// Twilio's dates are RFC 2822 ("Wed, 25 Nov 2026 10:00:00 +0000"); Plivo's "YYYY-MM-DD HH:MM:SS+00:00"; MessageBird's RFC 3339.
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");
const plivoTime = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")}+00:00`;
const plivoParam = (value: string) => new Date(`${value.replace(" ", "T")}${value.length <= 16 ? ":00" : ""}Z`);

/** The provider's list API over `messages`, with its filters, shaped like its real answer. */
function list(provider: Provider, path: string, query: URLSearchParams, messages: StoredMessage[]): unknown {
  const own = messages
    .filter((message) => message.provider === provider)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  if (provider === "twilio") {
    const sentAfter = query.get("DateSent>") ?? query.get("DateSent>=");
    const found = own.filter(
      (message) =>
        (!query.get("To") || query.get("To") === message.to) &&
        (!query.get("From") || query.get("From") === message.from) &&
        (!sentAfter || message.createdAt.toISOString().slice(0, sentAfter.length) >= sentAfter),
    );
    const pageSize = Number(query.get("PageSize") ?? 50);
    const uri = `${path}?${query.toString()}`;
    return {
      first_page_uri: uri,
      end: Math.max(0, found.length - 1),
      previous_page_uri: null,
      messages: found.slice(0, pageSize).map((message) => ({
        account_sid: path.split("/")[3],
        api_version: "2010-04-01",
        body: message.body,
        date_created: rfc2822(message.createdAt),
        date_sent: rfc2822(message.createdAt),
        date_updated: rfc2822(message.createdAt),
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: message.from,
        messaging_service_sid: null,
        num_media: "0",
        num_segments: "1",
        price: "-0.04630",
        price_unit: "GBP",
        sid: message.id,
        status: message.status,
        subresource_uris: { media: `${path.replace(".json", "")}/${message.id}/Media.json` },
        to: message.to,
        uri: `${path.replace(".json", "")}/${message.id}.json`,
      })),
      uri,
      page_size: pageSize,
      start: 0,
      next_page_uri: null,
      page: 0,
    };
  }
  if (provider === "plivo") {
    const from = query.get("message_time__gte");
    const until = query.get("message_time__lte");
    const found = own.filter(
      (message) =>
        (!query.get("to_number") || digits(query.get("to_number")!) === digits(message.to)) &&
        (!from || message.createdAt >= plivoParam(from)) &&
        (!until || message.createdAt <= plivoParam(until)),
    );
    const limit = Number(query.get("limit") ?? 20);
    return {
      api_id: "fake-api-id",
      meta: { limit, next: null, offset: 0, previous: null, total_count: found.length },
      objects: found.slice(0, limit).map((message) => ({
        error_code: null,
        from_number: digits(message.from),
        message_direction: "outbound",
        message_state: message.status,
        message_time: plivoTime(message.createdAt),
        message_type: "sms",
        message_uuid: message.id,
        resource_uri: `${path}${message.id}/`,
        to_number: digits(message.to),
        total_amount: "0.00350",
        total_rate: "0.00350",
        units: 1,
      })),
    };
  }
  const from = query.get("from");
  const until = query.get("until");
  const found = own.filter(
    (message) =>
      (!query.get("recipient") || digits(query.get("recipient")!) === digits(message.to)) &&
      (!from || message.createdAt >= new Date(from)) &&
      (!until || message.createdAt <= new Date(until)),
  );
  const limit = Number(query.get("limit") ?? 20);
  return {
    offset: 0,
    limit,
    count: Math.min(limit, found.length),
    totalCount: found.length,
    links: { first: null, previous: null, next: null, last: null },
    items: found.slice(0, limit).map((message) => ({
      id: message.id,
      href: `https://rest.messagebird.com/messages/${message.id}`,
      direction: "mt",
      type: "sms",
      originator: message.from,
      body: message.body,
      reference: null,
      createdDatetime: message.createdAt.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
      recipients: {
        totalCount: 1,
        totalSentCount: 1,
        totalDeliveredCount: message.status === "delivered" ? 1 : 0,
        totalDeliveryFailedCount: 0,
        items: [
          {
            recipient: Number(digits(message.to)),
            status: message.status,
            statusDatetime: message.createdAt.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
          },
        ],
      },
    })),
  };
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const requests: RecordedRequest[] = [];
  const messages: StoredMessage[] = [];
  const lookups: FakeProviders["lookups"] = [];
  const answers: FakeAnswer[] = [];
  const lookupAnswers: FakeAnswer[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const [path = "", search = ""] = (req.url ?? "").split("?");
      const provider = providerOf(path);
      const reply = (answer: FakeAnswer) => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
        res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
      };
      if (provider && req.method === "GET") {
        const query = new URLSearchParams(search);
        lookups.push({ provider, query });
        const answer = lookupAnswers.shift() ?? { status: 200, body: list(provider, path, query, messages) };
        if (answer.delayMs) setTimeout(() => reply(answer), answer.delayMs);
        else reply(answer);
        return;
      }
      if (!provider || req.method !== "POST") {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "not found" }));
        return;
      }
      const type = req.headers["content-type"] ?? "";
      const body = type.includes("json")
        ? (JSON.parse(raw || "{}") as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(raw));
      requests.push({ provider, method: req.method, path, headers: req.headers, body });
      const answer = answers.shift() ?? success(provider);
      // The provider has the message as soon as it accepts it, even if its answer never arrives.
      const stored = messageOf(provider, body, answer);
      if (stored) messages.push(stored);
      if (answer.delayMs) setTimeout(() => reply(answer), answer.delayMs);
      else reply(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    messages,
    lookups,
    queue: (...more) => answers.push(...more),
    queueLookups: (...more) => lookupAnswers.push(...more),
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
