// Where each process that has the embedded database open leaves a marker (its host and
// process id), so that a restore refuses while a server uses the database.
export function openMarkersDir(databasePath: string): string {
  return `${databasePath}-open`;
}
