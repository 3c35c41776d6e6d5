// A small RFC 5545 writer for the calendar feed: CRLF line ends, content lines folded at
// 75 octets (never inside a UTF-8 character), TEXT values escaped, instants in UTC.

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  status: "CONFIRMED" | "CANCELLED";
  /** OPAQUE: the time shows as busy; TRANSPARENT: free (a cancelled appointment). */
  transparency: "OPAQUE" | "TRANSPARENT";
  sequence: number;
  created: Date;
  lastModified: Date;
};

type Calendar = {
  productId: string;
  name: string;
  /** The salon's IANA zone: a display hint only, every time in the feed is UTC. */
  timeZone: string;
  /** How often subscribers should fetch again (ISO 8601 duration, e.g. PT1H). */
  refreshInterval: string;
  events: CalendarEvent[];
};

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A DATE-TIME in UTC form, `20261123T093000Z`. */
export function formatUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

const encoder = new TextEncoder();

/** Folds one content line (§3.1): at most 75 octets a line, continuation lines start with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation line 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `STATUS:${event.status}`,
    `TRANSP:${event.transparency}`,
    `SEQUENCE:${event.sequence}`,
    `CREATED:${formatUtc(event.created)}`,
    `LAST-MODIFIED:${formatUtc(event.lastModified)}`,
    "END:VEVENT",
  ];
}

/**
 * The whole VCALENDAR object. DTSTAMP is each event's last change rather than the time of
 * the request, so the same data always gives the same bytes (and the same ETag).
 */
export function serializeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
    `X-PUBLISHED-TTL:${calendar.refreshInterval}`,
    ...calendar.events.flatMap((event) => eventLines(event, formatUtc(event.lastModified))),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
