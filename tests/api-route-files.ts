// The `/api` route files as the OpenAPI tests see them: each file's URL path, derived from
// its Remix flat-route name, and the methods it answers, read from its source.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROUTES = join(import.meta.dirname, "..", "app", "routes");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export type ApiRouteFile = { file: string; path: string; pattern: RegExp; params: string[]; methods: string[] };

/**
 * `api.clients.$id._index.ts` → `/api/clients/{id}`: dots are slashes, `$name` a path
 * parameter, `_index` dropped and `[.]` a literal dot.
 */
export function pathOfRouteFile(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/(?<!\[)\.(?!\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment).replace(/\[\.\]/g, "."));
  return `/${segments.join("/")}`;
}

/**
 * The methods a route answers: GET when it has a real loader (not a 405 stub), and the
 * methods its action names (`case "PUT"`, `request.method !== "POST"`, the lists given to
 * methodNotAllowed); an action that names none takes POST.
 */
export function methodsOfRouteSource(source: string): string[] {
  const named = new Set(METHODS.filter((method) => method !== "GET" && source.includes(`"${method}"`)));
  const loader = /export const loader = [^\n]*/.exec(source)?.[0];
  const methods = new Set<string>(named);
  if (loader && !loader.includes("methodNotAllowed")) methods.add("GET");
  if (/export const action\b/.test(source) && named.size === 0 && !/export const action = [^\n]*notFound/.test(source))
    methods.add("POST");
  return METHODS.filter((method) => methods.has(method));
}

export function apiRouteFiles(): ApiRouteFile[] {
  return readdirSync(ROUTES)
    .filter((file) => /^api\..*\.ts$/.test(file))
    .map((file) => {
      const path = pathOfRouteFile(file);
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const pattern = new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "([^/]+)")}$`);
      return { file, path, pattern, params, methods: methodsOfRouteSource(readFileSync(join(ROUTES, file), "utf8")) };
    });
}
