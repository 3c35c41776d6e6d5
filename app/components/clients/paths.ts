import { pathKeeping } from "~/lib/redirect";

/** The list's search and page size, kept by the dialogs' Cancel links and redirects. */
export const CLIENT_LIST_PARAMS = ["q", "limit"] as const;

/** The client list with the search of `search` (a location's or a request URL's query). */
export function clientsListPath(search: string | URLSearchParams, path = "/clients"): string {
  return pathKeeping(path, search, CLIENT_LIST_PARAMS);
}
