import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { backupHealth } from "~/domain/backups.server";
import { countStrandedClaims } from "~/domain/reminders.server";
import { jsonResponse } from "~/utils/http.server";

// Health check for the platform: answers 200 only when the database answers. The detail
// counts SMS reminders stranded by a process that stopped mid-send (decision 0095): a
// number to watch, not a reason to restart the server. Likewise the last scheduled backup's
// time and result: a failed backup is reported here, not as an unhealthy server.
export async function loader() {
  try {
    await db.run(sql`select 1`);
    return jsonResponse({
      status: "ok",
      reminders: { stranded: await countStrandedClaims() },
      backups: await backupHealth(),
    });
  } catch (error) {
    console.error("health check failed", error);
    return jsonResponse({ status: "error", message: "The database is not reachable." }, 503);
  }
}
