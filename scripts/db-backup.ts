// `npm run db:backup [-- --to DIR]`: a consistent, checked backup of the embedded database,
// safe while the server runs. DIR defaults to BACKUP_DIR, else data/backups.
import { BackupRefused, takeBackup } from "~/domain/backup-files.server";

const args = process.argv.slice(2);
const toAt = args.indexOf("--to");
const dir = (toAt >= 0 ? args[toAt + 1] : undefined) ?? process.env.BACKUP_DIR ?? "data/backups";
if (toAt >= 0 && !args[toAt + 1]) {
  console.error("Usage: npm run db:backup [-- --to DIR]");
  process.exit(2);
}

try {
  const backup = await takeBackup({ databaseUrl: process.env.DATABASE_URL ?? "file:data/salon.db", dir });
  console.log(`Backed up to ${backup.path} (${backup.sizeBytes} bytes, integrity check passed).`);
  console.log("The file holds password and session hashes: keep it as safe as the database.");
} catch (error) {
  console.error(error instanceof BackupRefused ? error.message : `The backup failed: ${String(error)}`);
  process.exit(1);
}
