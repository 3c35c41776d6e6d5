import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { countStrandedClaims } from "~/domain/reminders.server";
import { jsonResponse } from "~/utils/http.server";

// Health check for the platform: answers 200 only when the database answers. The detail
// counts SMS reminders stranded by a process that stopped mid-send (decision 0095): a
// number to watch, not a reason to restart the server.
export async function loader() {
  try {
    await db.run(sql`select 1`);
    return jsonResponse({ status: "ok", reminders: { stranded: await countStrandedClaims() } });
  } catch (error) {
    console.error("health check failed", error);
    return jsonResponse({ status: "error", message: "The database is not reachable." }, 503);
  }
}
