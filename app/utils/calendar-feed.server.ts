// Where a calendar feed token is served: `/feeds/{token}.ics` on the origin of the request
// that issued it.
import { absoluteUrl } from "./http.server";

export const FEED_SUFFIX = ".ics";

export function calendarFeedUrl(request: Request, token: string): string {
  return absoluteUrl(request, `/feeds/${token}${FEED_SUFFIX}`);
}
