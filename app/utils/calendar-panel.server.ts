// Whether this device shows the calendar's side panel (decision 0073): a plain cookie,
// written by the toggle's form without JavaScript and by the page's script with it, so
// both read and write the same "open" or "closed" value.
const PANEL_COOKIE = "calendar_panel";
type PanelPreference = "open" | "closed" | null;

const ONE_YEAR = 60 * 60 * 24 * 365;

export function readPanelPreference(request: Request): PanelPreference {
  const match = request.headers.get("Cookie")?.match(/(?:^|;\s*)calendar_panel=(open|closed)(?:;|$)/);
  return (match?.[1] as PanelPreference | undefined) ?? null;
}

export function panelCookieHeader(open: boolean): string {
  return `${PANEL_COOKIE}=${open ? "open" : "closed"}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}
