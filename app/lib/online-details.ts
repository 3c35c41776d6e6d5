// What a known client typed on the booking page where it differs from their record: stored
// on the booking (never written over the record) for staff to check with the client.
export type OnlineDetails = { name?: string; phone?: string; email?: string };

/** The stored JSON read back; anything unreadable counts as nothing to show. */
export function parseOnlineDetails(stored: string | null | undefined): OnlineDetails | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== "object") return null;
    const details: OnlineDetails = {};
    for (const field of ["name", "phone", "email"] as const) {
      const given = (value as Record<string, unknown>)[field];
      if (typeof given === "string" && given) details[field] = given;
    }
    return Object.keys(details).length > 0 ? details : null;
  } catch {
    return null;
  }
}

/** "name Jane Smith, e-mail jane.new@example.com": what the dialog shows staff. */
export function describeOnlineDetails(details: OnlineDetails): string {
  const labels = { name: "name", phone: "phone", email: "e-mail" } as const;
  return (["name", "phone", "email"] as const)
    .filter((field) => details[field])
    .map((field) => `${labels[field]} ${details[field]}`)
    .join(", ");
}
