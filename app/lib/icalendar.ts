// A small RFC 5545 writer for the stylists' calendar feed and the clients' e-mail
// invitations: CRLF line ends, content lines folded at 75 octets (never inside a UTF-8
// character), TEXT values escaped, instants in UTC.

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
  location?: string;
  description?: string;
  /** An invitation's organizer (the salon) and attendee (the client), RFC 5546. */
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
};

type Calendar = {
  productId: string;
  /** PUBLISH: a feed; REQUEST: an invitation (new or changed); CANCEL: a cancelled one (RFC 5546). */
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  name?: string;
  /** The salon's IANA zone: a display hint only, every time in the calendar is UTC. */
  timeZone: string;
  /** How often subscribers should fetch again (ISO 8601 duration, e.g. PT1H): feeds only. */
  refreshInterval?: string;
  events: CalendarEvent[];
};

/** A parameter value (a CN): quoted, with the characters a quoted value cannot hold removed. */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex -- a parameter value cannot hold controls or quotes
  return `"${value.replace(/[\u0000-\u001f\u007f"]/g, "")}"`;
}

const mailto = (email: string) => `mailto:${email.replace(/[\s;:,"]/g, "")}`;

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
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.organizer ? [`ORGANIZER;CN=${paramValue(event.organizer.name)}:${mailto(event.organizer.email)}`] : []),
    ...(event.attendee
      ? [
          `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:${mailto(event.attendee.email)}`,
        ]
      : []),
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
    `METHOD:${calendar.method ?? "PUBLISH"}`,
    ...(calendar.name ? [`X-WR-CALNAME:${escapeText(calendar.name)}`] : []),
    `X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`,
    ...(calendar.refreshInterval
      ? [`REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`, `X-PUBLISHED-TTL:${calendar.refreshInterval}`]
      : []),
    ...calendar.events.flatMap((event) => eventLines(event, formatUtc(event.lastModified))),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
