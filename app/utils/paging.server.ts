// The HTTP side of the paging convention (decision 0065): read `limit` and `cursor` from
// the address (400 when out of range), and answer a page of `/api` as the bare JSON array
// SPEC §7 fixes, with the next page in an RFC 8288 `Link: <...>; rel="next"` header.
import { Invalid } from "~/domain/errors";
import { pageHrefs, readPageParams, type Page, type PageOptions, type PageRequest } from "~/lib/paging";
import { jsonResponse } from "./http.server";

export function pageRequest(request: Request | URL, options?: PageOptions): PageRequest {
  const url = request instanceof URL ? request : new URL(request.url);
  const read = readPageParams(url.searchParams, options);
  if (!read.ok) throw new Invalid(read.message, { [read.field]: [read.message] });
  return read.page;
}

/** The RFC 8288 header pointing at the next page, none on the last page. */
export function nextLinkHeader(href: string | null): Record<string, string> {
  return href ? { Link: `<${href}>; rel="next"` } : {};
}

export function pagedJson<T>(request: Request, { items, nextCursor }: Page<T>): Response {
  return jsonResponse(items, { headers: nextLinkHeader(pageHrefs(request.url, nextCursor).nextHref) });
}
