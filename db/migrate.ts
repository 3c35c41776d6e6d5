// `npm run db:migrate`: applies the committed migrations to DATABASE_URL's database (the
// embedded file by default). Loading the client module migrates, as at server start-up.
import { rawClient } from "./client.server";

rawClient().close();
console.log("The database is migrated.");
