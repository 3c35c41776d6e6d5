import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { proxyHops } from "../../server/security.js";

const booleanish = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default("file:data/salon.db")
    .refine((url) => /^(file:|libsql:|https?:|wss?:)/.test(url), "must start with file:, libsql:, http(s): or ws(s):"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  COOKIE_SECURE: booleanish.optional(),
  // false, true (one proxy) or a number of proxy hops; see server/security.js.
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((value) => {
      try {
        proxyHops(value);
        return true;
      } catch {
        return false;
      }
    }, "must be true, false or a number of proxy hops")
    .transform((value) => proxyHops(value)),
});

function load() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  return parsed.data;
}

export const env = load();
const isProduction = env.NODE_ENV === "production";

/**
 * The secret that signs cookies. Without SESSION_SECRET, an embedded database gets a
 * random secret stored beside it, so a fresh clone runs with no configuration and
 * sessions survive restarts; a remote database needs the variable.
 */
function resolveSessionSecret(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const url = env.DATABASE_URL;
  if (!url.startsWith("file:") || url === "file::memory:") {
    throw new Error("SESSION_SECRET must be set when DATABASE_URL points at a libSQL server.");
  }
  const file = resolve(dirname(resolve(url.slice("file:".length))), ".session-secret");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    writeFileSync(file, Buffer.from(bytes).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

export const sessionSecret = resolveSessionSecret();
export const secureCookies = env.COOKIE_SECURE ?? isProduction;
