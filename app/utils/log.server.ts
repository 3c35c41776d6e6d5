// Server logs must not hold personal data (a GDPR erasure cannot reach them). Drizzle's
// query errors carry the bound parameters (names, phones, e-mails) in their message, so
// they are logged as the statement's start and the database's own error only.
export function logServerError(error: unknown, context?: string): void {
  const prefix = context ? `${context}: ` : "";
  if (error instanceof Error && "query" in error && "params" in error) {
    const statement = String((error as { query: unknown }).query).slice(0, 80);
    const cause = error.cause instanceof Error ? `${error.cause.name}: ${error.cause.message}` : "unknown cause";
    console.error(`${prefix}database query failed (${statement}...): ${cause}`);
    return;
  }
  if (context) console.error(`${context}:`, error);
  else console.error(error);
}
