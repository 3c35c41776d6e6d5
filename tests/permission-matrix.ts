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
  /**
   * The status of a refusal by role, where it is not 403: a rule that binds a role without
   * a capability refuses it as the rule does (the advance limit: 400), not as a missing permission.
   */
  refusedStatus?: Partial<Record<Role, number>>;
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
  const result = await call(
    row.handler,
    makeRequest(row.method, row.path(who, context), options),
    row.params?.(who, context) ?? {},
  );
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
            expect(status, `${row.name} as ${role}`).toBe(row.refusedStatus?.[role] ?? 403);
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

// Capabilities that shape an answer rather than refuse it (e.g. "clients.contact"): every
// role reads the same route; the fields are there for `shownTo` and absent for the others.
export type FieldRow<Context> = Omit<
  MatrixRow<Context>,
  "method" | "body" | "allowed" | "streaming" | "refusedStatus"
> & {
  setup: (actor: MatrixActor | null) => Promise<Context>;
  /** The records in the answer that the setup made (a page loader's data, or the JSON of `/api`). */
  records: (answer: unknown, context: Context) => Record<string, unknown>[];
  fields: string[];
  shownTo: Role[];
};

async function answerOf(result: unknown): Promise<unknown> {
  if (result instanceof Response) return result.json();
  if (result && typeof result === "object" && "data" in result && "init" in result)
    return (result as { data: unknown }).data;
  return result;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function describeFieldMatrix(title: string, rows: FieldRow<any>[]) {
  describe(title, () => {
    const actors = {} as Record<Role, MatrixActor>;
    beforeAll(async () => {
      for (const role of ALL) actors[role] = await signedIn(role);
    });

    for (const row of rows) {
      for (const role of ALL) {
        const shown = row.shownTo.includes(role);
        it(`${row.name} ${shown ? "gives" : "leaves out"} ${row.fields.join(", ")} for ${role}`, async () => {
          const context = await row.setup(actors[role]);
          const result = await attempt(
            { ...row, setup: async () => context, method: "GET", allowed: ALL },
            actors[role],
          );
          expect(statusOf(result), `${row.name} as ${role}`).toBe(200);
          const records = row.records(await answerOf(result), context);
          expect(records.length, `${row.name} as ${role}: the setup's records`).toBeGreaterThan(0);
          for (const record of records) {
            for (const field of row.fields) {
              if (shown) expect(record, `${row.name} as ${role}`).toHaveProperty(field);
              else expect(record, `${row.name} as ${role}`).not.toHaveProperty(field);
            }
            expect(record).toHaveProperty("name");
          }
        });
      }
    }
  });
}
