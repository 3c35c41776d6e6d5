// GET /api/openapi.json: the OpenAPI 3.1 description of `/api` (decision 0080). Public, so
// tools can read it without a token; the document is built once per process.
import { openApiDocument } from "~/utils/openapi/document.server";
import { api, jsonResponse } from "~/utils/http.server";

export const loader = api(async () => jsonResponse(openApiDocument()));
