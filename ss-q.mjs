import { createClient } from "@libsql/client";
const db = createClient({ url: process.argv[2] });
for (const q of process.argv.slice(3)) console.log((await db.execute(q)).rows);
