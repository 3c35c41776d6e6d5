// The address of the public booking page, and its QR code, for the Online Booking tab
// and the printable poster. APP_URL (the address clients reach the app at) wins over the
// address this request came in on, which behind a proxy may be an internal one.
import QRCode from "qrcode";
import { assertCan, type Actor } from "./access.server";

export const BOOKING_PATH = "/book";

export function bookingLink(request: Request): string {
  const appUrl = process.env.APP_URL?.trim().replace(/\/+$/, "");
  return `${appUrl || new URL(request.url).origin}${BOOKING_PATH}`;
}

/** The link's QR code as an SVG document (drawn on the server: no script in the browser). */
export function bookingQrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#0f172a" } });
}

/** What the tab and the poster show. */
export async function bookingLinkAndQr(actor: Actor, request: Request): Promise<{ link: string; qrSvg: string }> {
  assertCan(actor, "online.manage");
  const link = bookingLink(request);
  return { link, qrSvg: await bookingQrSvg(link) };
}
