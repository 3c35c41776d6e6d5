import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { jsonResponse } from "~/utils/http.server";

// Health check for the platform: answers 200 only when the database answers.
export async function loader() {
  try {
    await db.run(sql`select 1`);
    return jsonResponse({ status: "ok" });
  } catch (error) {
    console.error("health check failed", error);
    return jsonResponse({ status: "error", message: "The database is not reachable." }, 503);
  }
}
