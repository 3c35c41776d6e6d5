// The three SMS providers of SPEC §9, called over HTTPS with fetch (their SDKs would add
// megabytes for one request each). Each base URL can be pointed elsewhere by an
// environment variable, which is how the tests reach their local fake providers.
// Nothing here logs or returns the API secret.
import type { SmsProvider } from "#db/enums";
import { providerName } from "~/lib/sms-providers";

type SmsCredentials = { provider: SmsProvider; apiKey: string; apiSecret: string };
type SmsMessage = { to: string; from: string; body: string };
type SendResult =
  | { ok: true; messageId: string; attempts: number }
  | { ok: false; error: string; transient: boolean; attempts: number };

const DEFAULT_URLS: Record<SmsProvider, string> = {
  twilio: "https://api.twilio.com",
  plivo: "https://api.plivo.com",
  messagebird: "https://rest.messagebird.com",
};

// Read at each send, so that a test can start its fake provider first and point the
// server at it afterwards; the defaults are the real services.
function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== "" && process.env[name] !== undefined
    ? value
    : fallback;
}

function providerBaseUrl(provider: SmsProvider): string {
  const configured = process.env[`SMS_${provider.toUpperCase()}_URL`]?.trim();
  return (configured || DEFAULT_URLS[provider]).replace(/\/+$/, "");
}

/** Whether the stored credentials are enough to send: MessageBird needs only its access key (the secret). */
export function credentialsComplete(settings: {
  smsProvider: SmsProvider;
  smsApiKey: string;
  smsApiSecret: string;
  smsFromNumber: string;
}): boolean {
  if (!settings.smsApiSecret || !settings.smsFromNumber) return false;
  return settings.smsProvider === "messagebird" || settings.smsApiKey.length > 0;
}

type Outcome = { status: number; body: unknown; retryAfter: string | null };

function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

function request(credentials: SmsCredentials, message: SmsMessage): { url: string; init: RequestInit } {
  const base = providerBaseUrl(credentials.provider);
  switch (credentials.provider) {
    case "twilio":
      return {
        url: `${base}/2010-04-01/Accounts/${encodeURIComponent(credentials.apiKey)}/Messages.json`,
        init: {
          headers: {
            Authorization: basicAuth(credentials.apiKey, credentials.apiSecret),
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: new URLSearchParams({ To: message.to, From: message.from, Body: message.body }).toString(),
        },
      };
    case "plivo":
      return {
        url: `${base}/v1/Account/${encodeURIComponent(credentials.apiKey)}/Message/`,
        init: {
          headers: {
            Authorization: basicAuth(credentials.apiKey, credentials.apiSecret),
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify({ src: message.from, dst: message.to, text: message.body }),
        },
      };
    case "messagebird":
      return {
        url: `${base}/messages`,
        init: {
          headers: {
            Authorization: `AccessKey ${credentials.apiSecret}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify({ originator: message.from, recipients: [message.to], body: message.body }),
        },
      };
  }
}

function field(body: unknown, key: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
}

/** The provider's message id from a success answer. */
function messageIdOf(provider: SmsProvider, body: unknown): string | null {
  const value =
    provider === "twilio"
      ? field(body, "sid")
      : provider === "plivo"
        ? (field(body, "message_uuid") as unknown[] | undefined)?.[0]
        : field(body, "id");
  return typeof value === "string" && value ? value : null;
}

/** The provider's own words for a refusal, short, without echoing the request. */
function errorOf(provider: SmsProvider, outcome: Outcome): string {
  const body = outcome.body;
  let text: unknown;
  if (provider === "twilio") text = field(body, "message");
  else if (provider === "plivo") text = field(body, "error");
  else text = (field(body, "errors") as { description?: unknown }[] | undefined)?.[0]?.description;
  const detail =
    typeof text === "string" && text.trim()
      ? text.trim().slice(0, 300)
      : typeof body === "string" && body.trim()
        ? body.trim().slice(0, 200)
        : "no details";
  return `${providerName(provider)} answered ${outcome.status}: ${detail}`;
}

async function attempt(credentials: SmsCredentials, message: SmsMessage, timeoutMs: number): Promise<Outcome> {
  const { url, init } = request(credentials, message);
  const response = await fetch(url, {
    ...init,
    method: "POST",
    redirect: "error",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): keep the text for the error message.
  }
  return { status: response.status, body, retryAfter: response.headers.get("Retry-After") };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one message. Timeouts, network failures, 429 and 5xx are retried with exponential
 * backoff (SMS_MAX_ATTEMPTS, default 3, starting at SMS_RETRY_BASE_MS, default 1000 ms;
 * a 429's Retry-After is honoured up to 30 s); any other 4xx is final. `stillWanted` is
 * asked before each retry, so a reminder is not sent once its appointment has started.
 */
export async function sendSms(
  credentials: SmsCredentials,
  message: SmsMessage,
  stillWanted: () => boolean = () => true,
): Promise<SendResult> {
  const maxAttempts = Math.max(1, Math.floor(setting("SMS_MAX_ATTEMPTS", 3)));
  const baseDelay = setting("SMS_RETRY_BASE_MS", 1000);
  const timeoutMs = setting("SMS_TIMEOUT_MS", 10_000);
  let last: SendResult = { ok: false, error: "Not sent", transient: true, attempts: 0 };
  for (let attempts = 1; attempts <= maxAttempts; attempts++) {
    let delay = baseDelay * 2 ** (attempts - 1);
    try {
      const outcome = await attempt(credentials, message, timeoutMs);
      if (outcome.status >= 200 && outcome.status < 300) {
        const messageId = messageIdOf(credentials.provider, outcome.body);
        if (messageId) return { ok: true, messageId, attempts };
        return {
          ok: false,
          error: `${providerName(credentials.provider)} accepted the message without a message id`,
          transient: false,
          attempts,
        };
      }
      const transient = outcome.status === 429 || outcome.status >= 500;
      last = { ok: false, error: errorOf(credentials.provider, outcome), transient, attempts };
      if (!transient) return last;
      const retryAfter = Number(outcome.retryAfter);
      if (outcome.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0)
        delay = Math.min(retryAfter * 1000, 30_000);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      last = {
        ok: false,
        error: timedOut
          ? `${providerName(credentials.provider)} did not answer within ${timeoutMs} ms`
          : `Could not reach ${providerName(credentials.provider)}: ${networkReason(error)}`,
        transient: true,
        attempts,
      };
    }
    if (attempts < maxAttempts) {
      await sleep(delay);
      if (!stillWanted()) return { ...last, error: `${last.error}; not retried because the appointment has started` };
    }
  }
  return last;
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === "object" && "code" in cause ? String((cause as { code: unknown }).code) : "";
  return code || (cause instanceof Error ? cause.message.slice(0, 120) : "network error");
}

// ---------------------------------------------------------------------------------------
// Asking a provider whether it took a message (a reminder whose sender stopped mid-send)

/** A message the provider lists as sent to the recipient in the window. */
type ListedMessage = { messageId: string; body: string | null; failed: boolean };
/** What the provider says: the messages it has (possibly none), or why it could not be asked. */
type LookupResult = { ok: true; messages: ListedMessage[] } | { ok: false; error: string };
type LookupQuery = { to: string; since: Date; until: Date };

const digitsOf = (number: string) => number.replace(/\D/g, "");
const LOOKUP_PAGES = 5;

function listRequest(credentials: SmsCredentials, query: LookupQuery): string {
  const base = providerBaseUrl(credentials.provider);
  switch (credentials.provider) {
    case "twilio": {
      // Twilio's `DateSent>` takes a GMT date (messages sent on or after its midnight).
      const params = new URLSearchParams({
        To: query.to,
        "DateSent>": query.since.toISOString().slice(0, 10),
        PageSize: "50",
      });
      return `${base}/2010-04-01/Accounts/${encodeURIComponent(credentials.apiKey)}/Messages.json?${params}`;
    }
    case "plivo": {
      const time = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");
      const params = new URLSearchParams({
        message_direction: "outbound",
        to_number: query.to,
        message_time__gte: time(query.since),
        message_time__lte: time(query.until),
        limit: "20",
        offset: "0",
      });
      return `${base}/v1/Account/${encodeURIComponent(credentials.apiKey)}/Message/?${params}`;
    }
    case "messagebird": {
      const time = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
      const params = new URLSearchParams({
        direction: "mt",
        recipient: digitsOf(query.to),
        from: time(query.since),
        until: time(query.until),
        limit: "20",
      });
      return `${base}/messages?${params}`;
    }
  }
}

function authorization(credentials: SmsCredentials): string {
  return credentials.provider === "messagebird"
    ? `AccessKey ${credentials.apiSecret}`
    : basicAuth(credentials.apiKey, credentials.apiSecret);
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const within = (value: unknown, query: LookupQuery) => {
  const at = typeof value === "string" ? Date.parse(value.replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T")) : NaN;
  return Number.isFinite(at) && at >= query.since.getTime() && at <= query.until.getTime();
};
const FAILED_STATES = new Set(["failed", "undelivered", "rejected", "expired", "delivery_failed"]);

/** One page of the provider's answer: the matching messages and the next page's URL, if any. */
function readPage(
  provider: SmsProvider,
  base: string,
  body: unknown,
  query: LookupQuery,
): { messages: ListedMessage[]; next: string | null } | null {
  const to = digitsOf(query.to);
  if (provider === "twilio") {
    const list = field(body, "messages");
    if (!Array.isArray(list)) return null;
    const messages = list
      .filter(
        (m) =>
          digitsOf(String(field(m, "to") ?? "")) === to &&
          String(field(m, "direction") ?? "").startsWith("outbound") &&
          within(field(m, "date_created"), query),
      )
      .flatMap((m) => {
        const id = text(field(m, "sid"));
        return id
          ? [{ messageId: id, body: text(field(m, "body")), failed: FAILED_STATES.has(String(field(m, "status"))) }]
          : [];
      });
    const next = text(field(body, "next_page_uri"));
    return { messages, next: next ? `${base}${next}` : null };
  }
  if (provider === "plivo") {
    const list = field(body, "objects");
    if (!Array.isArray(list)) return null;
    const messages = list
      .filter(
        (m) =>
          digitsOf(String(field(m, "to_number") ?? "")) === to &&
          field(m, "message_direction") === "outbound" &&
          within(field(m, "message_time"), query),
      )
      .flatMap((m) => {
        const id = text(field(m, "message_uuid"));
        return id ? [{ messageId: id, body: null, failed: FAILED_STATES.has(String(field(m, "message_state"))) }] : [];
      });
    const next = text(field(field(body, "meta"), "next"));
    return { messages, next: next ? `${base}${next}` : null };
  }
  const list = field(body, "items");
  if (!Array.isArray(list)) return null;
  const messages = list
    .filter((m) => field(m, "direction") === "mt" && within(field(m, "createdDatetime"), query))
    .flatMap((m) => {
      const recipients = field(field(m, "recipients"), "items");
      const mine = Array.isArray(recipients)
        ? recipients.find((r) => digitsOf(String(field(r, "recipient") ?? "")) === to)
        : undefined;
      const id = text(field(m, "id"));
      return id && mine
        ? [
            {
              messageId: id,
              body: text(field(m, "body")),
              failed: FAILED_STATES.has(String(field(mine, "status")).replace(" ", "_")),
            },
          ]
        : [];
    });
  const next = text(field(field(body, "links"), "next"));
  return { messages, next };
}

/**
 * Asks the provider's message list which messages it has to `to`, created between `since`
 * and `until` (Twilio: To and DateSent; Plivo: to_number and message_time; MessageBird:
 * recipient, from and until). One attempt per page, no retries: a caller that cannot get
 * an answer asks again at its next run.
 */
export async function listSentMessages(credentials: SmsCredentials, query: LookupQuery): Promise<LookupResult> {
  const name = providerName(credentials.provider);
  const timeoutMs = setting("SMS_TIMEOUT_MS", 10_000);
  const origin = new URL(providerBaseUrl(credentials.provider)).origin;
  const found: ListedMessage[] = [];
  let url: string | null = listRequest(credentials, query);
  for (let page = 0; url && page < LOOKUP_PAGES; page++) {
    // Only ever the provider's own address carries the credentials.
    if (new URL(url).origin !== origin)
      return { ok: false, error: `${name} pointed to another address for the next page` };
    let outcome: Outcome;
    try {
      const response = await fetch(url, {
        headers: { Authorization: authorization(credentials), Accept: "application/json" },
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      const raw = await response.text();
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // Not JSON: reported below.
      }
      outcome = { status: response.status, body, retryAfter: null };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return {
        ok: false,
        error: timedOut
          ? `${name} did not answer within ${timeoutMs} ms`
          : `Could not reach ${name}: ${networkReason(error)}`,
      };
    }
    if (outcome.status < 200 || outcome.status >= 300)
      return { ok: false, error: errorOf(credentials.provider, outcome) };
    const read = readPage(credentials.provider, origin, outcome.body, query);
    if (!read) return { ok: false, error: `${name}'s message list could not be read` };
    found.push(...read.messages);
    url = read.next;
  }
  if (url) return { ok: false, error: `${name} listed more messages to this number than were read` };
  return { ok: true, messages: found };
}
