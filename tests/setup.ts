// Runs before each test file (each in its own process): a fresh, migrated database file.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "salon-test-"));
process.env.DATABASE_URL = `file:${join(dir, "salon.db")}`;
process.env.SESSION_SECRET = "test-session-secret-0123456789abcdef";
process.env.NODE_ENV = "test";

await import("#db/client.server");
