// A bounded map of promises shared by every caller asking for the same key: callers that
// ask while the value is being computed wait for the same promise, later callers get the
// kept one. The least recently used key goes first, and a failed computation is not kept.
// Used for the reads and renders that tablets share (docs/decisions/0089).
export class KeptPromises<T> {
  private readonly entries = new Map<string, { version: unknown; value: Promise<T> }>();

  constructor(private readonly max: number) {}

  /** The promise kept for `key` at `version`, or `compute()`'s, kept in its place. */
  get(key: string, version: unknown, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    const entry = kept && kept.version === version ? kept : { version, value: compute() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    if (entry !== kept) {
      entry.value.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return entry.value;
  }
}
