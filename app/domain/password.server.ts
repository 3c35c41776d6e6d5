import { availableParallelism } from "node:os";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ServiceUnavailable } from "~/domain/errors";

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

// Each hash takes ~128 MB and a core for a moment. Unbounded, a burst of sign-ins (or of
// unauthenticated guesses) starves every other request; so at most one hash per core runs
// (never more than two, leaving the libuv pool free for other work), a few wait, and the
// rest are answered 503 at once.
export const HASH_SLOTS = Math.max(1, Math.min(2, availableParallelism()));
export const HASH_QUEUE = 8;
export const HASHING_BUSY = "The server is busy signing other people in. Please try again in a few seconds.";
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) {
    if (waiting.length >= HASH_QUEUE) throw new ServiceUnavailable(HASHING_BUSY, 5);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? PARAMS.N) * (options.r ?? PARAMS.r) + 32 * 1024 * 1024;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (salt and hash in base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A real hash of nothing, so a sign-in for an unknown e-mail costs as much as one for a known one.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString("base64url"));
  decoyHash.catch(() => (decoyHash = undefined));
  return decoyHash;
}
