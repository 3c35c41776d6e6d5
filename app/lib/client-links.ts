// Links that navigate on the client without a router hook each (decision 0131). A Remix
// <Link> reads the router's state, so each one is drawn again on every step of every
// navigation: the calendar's header, week strip, panel and the menu held about sixty, drawn
// four or five times whenever a dialog opened. A plain link marked `data-client-nav` (see
// PlainLink), or inside an element so marked (the Day view's hundreds of blocks), is
// followed by one listener for the whole page instead, as <Link> would follow it; without
// JavaScript it is an ordinary link.

/** Marks a plain link, or all the links of an element, for client-side navigation; "keep-scroll" keeps the page's scroll. */
export const CLIENT_NAV = "data-client-nav";

type Click = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">;
type LinkLike = { href: string; target: string; hasAttribute(name: string): boolean };

/**
 * Where a click on `link` should go on the client, or null to let the browser follow it: a
 * plain left click without modifier keys, on a marked link (`marker`: the value of the
 * nearest `data-client-nav`, null when there is none) to this origin that opens in this
 * tab and is not a download, and that no handler has taken already.
 */
export function clientNavigation(
  click: Click,
  link: LinkLike | null,
  marker: string | null,
  origin: string,
): { to: string; preventScrollReset: boolean } | null {
  if (!link || marker === null || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href, origin);
  if (url.origin !== origin) return null;
  return { to: `${url.pathname}${url.search}${url.hash}`, preventScrollReset: marker === "keep-scroll" };
}
