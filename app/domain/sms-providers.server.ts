// The three SMS providers of SPEC §9, called over HTTPS with fetch (their SDKs would add
// megabytes for one request each). Each base URL can be pointed elsewhere by an
// environment variable, which is how the tests reach their local fake providers.
// Nothing here logs or returns the API secret.
import type { SmsProvider } from "#db/enums";
import { providerName } from "~/lib/sms-providers";

export type SmsCredentials = { provider: SmsProvider; apiKey: string; apiSecret: string };
export type SmsMessage = { to: string; from: string; body: string };
export type SendResult = { ok: true; messageId: string; attempts: number } | { ok: false; error: string; transient: boolean; attempts: number };

const DEFAULT_URLS: Record<SmsProvider, string> = {
  twilio: "https://api.twilio.com",
  plivo: "https://api.plivo.com",
  messagebird: "https://rest.messagebird.com",
};

// Read at each send, so that a test can start its fake provider first and point the
// server at it afterwards; the defaults are the real services.
function setting(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 && process.env[name] !== "" && process.env[name] !== undefined ? value : fallback;
}

export function providerBaseUrl(provider: SmsProvider): string {
  const configured = process.env[`SMS_${provider.toUpperCase()}_URL`]?.trim();
  return (configured || DEFAULT_URLS[provider]).replace(/\/+$/, "");
}

/** Whether the stored credentials are enough to send: MessageBird needs only its access key (the secret). */
export function credentialsComplete(settings: { smsProvider: SmsProvider; smsApiKey: string; smsApiSecret: string; smsFromNumber: string }): boolean {
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
          headers: { Authorization: basicAuth(credentials.apiKey, credentials.apiSecret), "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ To: message.to, From: message.from, Body: message.body }).toString(),
        },
      };
    case "plivo":
      return {
        url: `${base}/v1/Account/${encodeURIComponent(credentials.apiKey)}/Message/`,
        init: {
          headers: { Authorization: basicAuth(credentials.apiKey, credentials.apiSecret), "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ src: message.from, dst: message.to, text: message.body }),
        },
      };
    case "messagebird":
      return {
        url: `${base}/messages`,
        init: {
          headers: { Authorization: `AccessKey ${credentials.apiSecret}`, "Content-Type": "application/json", Accept: "application/json" },
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
  const value = provider === "twilio" ? field(body, "sid") : provider === "plivo" ? (field(body, "message_uuid") as unknown[] | undefined)?.[0] : field(body, "id");
  return typeof value === "string" && value ? value : null;
}

/** The provider's own words for a refusal, short, without echoing the request. */
function errorOf(provider: SmsProvider, outcome: Outcome): string {
  const body = outcome.body;
  let text: unknown;
  if (provider === "twilio") text = field(body, "message");
  else if (provider === "plivo") text = field(body, "error");
  else text = (field(body, "errors") as { description?: unknown }[] | undefined)?.[0]?.description;
  const detail = typeof text === "string" && text.trim() ? text.trim().slice(0, 300) : typeof body === "string" && body.trim() ? body.trim().slice(0, 200) : "no details";
  return `${providerName(provider)} answered ${outcome.status}: ${detail}`;
}

async function attempt(credentials: SmsCredentials, message: SmsMessage, timeoutMs: number): Promise<Outcome> {
  const { url, init } = request(credentials, message);
  const response = await fetch(url, { ...init, method: "POST", redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
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
export async function sendSms(credentials: SmsCredentials, message: SmsMessage, stillWanted: () => boolean = () => true): Promise<SendResult> {
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
        return { ok: false, error: `${providerName(credentials.provider)} accepted the message without a message id`, transient: false, attempts };
      }
      const transient = outcome.status === 429 || outcome.status >= 500;
      last = { ok: false, error: errorOf(credentials.provider, outcome), transient, attempts };
      if (!transient) return last;
      const retryAfter = Number(outcome.retryAfter);
      if (outcome.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0) delay = Math.min(retryAfter * 1000, 30_000);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      last = {
        ok: false,
        error: timedOut ? `${providerName(credentials.provider)} did not answer within ${timeoutMs} ms` : `Could not reach ${providerName(credentials.provider)}: ${networkReason(error)}`,
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
