// Where each process that has the embedded database open leaves a marker (its host and
// process id), so that a restore refuses while a server uses the database.
export function openMarkersDir(databasePath: string): string {
  return `${databasePath}-open`;
}

/** How often a running process rewrites its marker. */
export const MARKER_REFRESH_MS = 60_000;
/** A marker not rewritten for this long belongs to a process that no longer runs. */
export const MARKER_STALE_MS = 3 * MARKER_REFRESH_MS;
