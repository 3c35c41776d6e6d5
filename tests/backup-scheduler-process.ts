// One look of the backup scheduler at the instant given, in a process of its own, for the
// test of several processes sharing one database: prints the outcome.
import { backupConfig, runScheduledBackup } from "~/domain/backups.server";

const outcome = await runScheduledBackup(new Date(process.argv[2]!), backupConfig());
console.log(`outcome ${outcome}`);
process.exit(0);
