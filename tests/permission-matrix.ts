// The permission-matrix harness: every role against every row, allowed and refused, and
// signed out. Each area lists its rows in its own tests/integration/permissions-*.test.ts
// file, with the expected roles written out independently of the capability table.
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#db/schema";
import { call, makeRequest, signedIn, statusOf } from "./factories";

export const ALL: Role[] = ["admin", "stylist", "display"];
export const STAFF: Role[] = ["admin", "stylist"];
export const ADMIN: Role[] = ["admin"];

export type MatrixActor = Awaited<ReturnType<typeof signedIn>>;

export type MatrixRow<Context = Record<string, never>> = {
  name: string;
  kind: "page" | "api";
  handler: unknown;
  method: string;
  /** Fresh targets for each attempt, so an allowed delete does not hide a later refusal. */
  setup?: (actor: MatrixActor | null) => Promise<Context>;
  path: (actor: MatrixActor, context: Context) => string;
  params?: (actor: MatrixActor, context: Context) => Record<string, string>;
  body?: (actor: MatrixActor, context: Context) => Record<string, unknown>;
  /** Streams and other long answers to close after the status is read. */
  streaming?: boolean;
  allowed: Role[];
};

/** A page loader that needs no parameters. */
export function pageRow(path: string, handler: unknown, allowed: Role[]): MatrixRow {
  return { name: `GET ${path}`, kind: "page", handler, method: "GET", path: () => path, allowed };
}

let unique = 0;
/** A number unique within the test file, for e-mails and names. */
export const fresh = () => (unique += 1);

const placeholder = { user: { id: 0 } } as MatrixActor;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function attempt(row: MatrixRow<any>, actor: MatrixActor | null) {
  const context = (await row.setup?.(actor)) ?? {};
  const who = actor ?? placeholder;
  const options: Parameters<typeof makeRequest>[2] = {};
  if (actor) {
    if (row.kind === "api") options.token = actor.token;
    else options.cookie = actor.cookie;
  }
  const body = row.body?.(who, context);
  if (body) {
    if (row.kind === "api") options.body = body;
    else options.form = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));
  }
  const result = await call(row.handler, makeRequest(row.method, row.path(who, context), options), row.params?.(who, context) ?? {});
  if (row.streaming && result instanceof Response) await result.body?.cancel();
  return result;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function describePermissionMatrix(title: string, rows: MatrixRow<any>[]) {
  describe(title, () => {
    const actors = {} as Record<Role, MatrixActor>;
    beforeAll(async () => {
      for (const role of ALL) actors[role] = await signedIn(role);
    });

    for (const row of rows) {
      for (const role of ALL) {
        const allowed = row.allowed.includes(role);
        it(`${row.name} is ${allowed ? "allowed" : "refused"} for ${role}`, async () => {
          // Writes get a fresh actor: some change the actor itself (password, details).
          const actor = row.method === "GET" ? actors[role] : await signedIn(role);
          const result = await attempt(row, actor);
          const status = statusOf(result);
          if (allowed) {
            expect(status, `${row.name} as ${role}`).toBeLessThan(400);
          } else {
            expect(status, `${row.name} as ${role}`).toBe(403);
            if (row.kind === "api") expect(await (result as Response).json()).toHaveProperty("message");
            else expect(result).not.toBeInstanceOf(Response);
          }
        });
      }
      it(`${row.name} sends signed-out visitors to sign in`, async () => {
        const result = await attempt(row, null);
        if (row.kind === "api") {
          expect(statusOf(result)).toBe(401);
        } else {
          expect(statusOf(result)).toBe(302);
          expect((result as Response).headers.get("Location")).toMatch(/^\/auth(\?redirectTo=|$)/);
        }
      });
    }
  });
}
