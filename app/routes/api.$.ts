import { jsonResponse } from "~/utils/http.server";

// Unknown `/api` paths answer JSON, never the HTML 404 page.
const notFound = () => jsonResponse({ message: "No such API endpoint." }, 404);
export const loader = notFound;
export const action = notFound;
