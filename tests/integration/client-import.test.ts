// Client import: POST /api/clients/bulk-import and the Import Clients tab (SPEC §5 "CSV import").
import { count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { auditLog, clients } from "#db/schema";
import { templateCsv } from "~/lib/client-csv";
import type { previewClientCsv } from "~/domain/client-import.server";
import * as bulkImport from "~/routes/api.clients.bulk-import";
import * as importTab from "~/routes/_app.settings.import";
import * as template from "~/routes/settings.import.client-import-template[.]csv";
import { createTestClient } from "../clients-factories";
import { call, json, makeRequest, ORIGIN, signedIn, statusOf } from "../factories";

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;

beforeAll(async () => {
  admin = await signedIn("admin");
});

const importRows = async (rows: unknown, token = admin.token) =>
  json(
    await call(bulkImport.action, makeRequest("POST", "/api/clients/bulk-import", { token, body: { clients: rows } })),
  );
const countWhere = async (pattern: string) =>
  (await db.select({ n: count() }).from(clients).where(like(clients.name, pattern)))[0]!.n;

describe("POST /api/clients/bulk-import", () => {
  it("imports valid rows with consent and retention, and counts errors and duplicates", async () => {
    await createTestClient({ name: "Stored Already", email: "stored@import.example", phone: "07400 100100" });
    const before = Date.now();
    const { status, body } = await importRows([
      {
        name: "Imp One",
        email: "One@Import.example",
        phone: "07400 200200",
        notes: "Likes tea",
        address: "1 Road",
        birthday: "1990-05-06",
      },
      { name: "Imp Two", email: "one@import.example" }, // same e-mail as row 1, other case
      { name: "Imp Three", phone: "07400-200-200" }, // same phone as row 1, other format
      { name: "Imp Four", email: "stored@import.example" }, // stored e-mail
      { name: "Imp Five", phone: "0740010 0100" }, // stored phone
      { name: "", email: "noname@import.example" }, // no name: error
      { name: "Imp Seven", email: "not-an-email" }, // bad e-mail: error
      { name: "Imp Eight", birthday: "31/12/1985" },
      { name: "Imp Nine", birthday: "yesterday" }, // bad birthday: error
      "not even an object",
      { name: "Imp Eleven" },
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ imported: 3, errors: 4, duplicates: 4 });
    expect(body.errorRows.map((row: { row: number }) => row.row)).toEqual([6, 7, 9, 10]);
    expect(body.errorRows[0].message).toContain("Name is required");
    expect(body.errorRows[1].message).toContain("Invalid email");

    const rows = await db.select().from(clients).where(like(clients.name, "Imp %"));
    expect(rows.map((row) => row.name).sort()).toEqual(["Imp Eight", "Imp Eleven", "Imp One"]);
    const one = rows.find((row) => row.name === "Imp One")!;
    expect(one).toMatchObject({
      email: "one@import.example",
      phone: "07400 200200",
      notes: "Likes tea",
      address: "1 Road",
      birthday: "1990-05-06",
      consentType: "service",
      legalBasis: "consent",
      isActive: true,
    });
    expect(Date.parse(one.consentDate!)).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(one.dataRetentionDate!).getUTCFullYear()).toBe(new Date(one.consentDate!).getUTCFullYear() + 7);
    expect(rows.find((row) => row.name === "Imp Eight")!.birthday).toBe("1985-12-31");
    expect(rows.find((row) => row.name === "Imp Eleven")).toMatchObject({ phone: "", email: null });

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "clients.import"));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, entityType: "client", entityId: null });
    expect(JSON.parse(entry!.details!)).toEqual({ imported: 3, errors: 4, duplicates: 4 });
  });

  it("answers 400 when the body has no list of clients", async () => {
    expect(
      await json(
        await call(
          bulkImport.action,
          makeRequest("POST", "/api/clients/bulk-import", { token: admin.token, body: {} }),
        ),
      ),
    ).toEqual({
      status: 400,
      body: {
        message: "clients must be a list of client rows",
        errors: { clients: ["clients must be a list of client rows"] },
      },
    });
  });

  it("is for admins only", async () => {
    for (const role of ["stylist", "display"] as const) {
      const { token } = await signedIn(role);
      expect((await importRows([{ name: "Refused Import" }], token)).status).toBe(403);
    }
    expect(await countWhere("Refused Import")).toBe(0);
  });

  it("lands whole or not at all: a failure in a later batch leaves no client from the earlier ones", async () => {
    // A test-only trigger makes the 700th row (in the second batch of 500) fail inside SQLite.
    await rawClient().execute(
      "CREATE TRIGGER fail_one_import BEFORE INSERT ON clients WHEN NEW.name = 'Atomic 700' BEGIN SELECT RAISE(ABORT, 'simulated failure'); END",
    );
    try {
      const rows = Array.from({ length: 1000 }, (_, index) => ({
        name: `Atomic ${index + 1}`,
        email: `atomic${index + 1}@import.example`,
      }));
      const response = await importRows(rows);
      expect(response.status).toBe(500);
      expect(await countWhere("Atomic %")).toBe(0);
    } finally {
      await rawClient().execute("DROP TRIGGER fail_one_import");
    }
    expect((await importRows([{ name: "Atomic 700" }])).body.imported).toBe(1);
  });
});

function uploadRequest(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return new Request(`${ORIGIN}/settings/import`, {
    method: "POST",
    body,
    headers: { Cookie: admin.cookie, Origin: ORIGIN, Host: "localhost:3000" },
  });
}

const csvFile = (text: string, name = "clients.csv", type = "text/csv") => new File([text], name, { type });

describe("the Import Clients tab", () => {
  const CSV =
    "\uFEFFName , E-mail,Phone,Notes,Address,Birthday\r\n" +
    '"Quoted, Person",quoted@tab.example,07400 300300,"Likes ""short"" cuts,\r\nand tea",,1970-01-01\r\n' +
    "Plain Tabperson,plain@tab.example,07400 300301,,,\r\n" +
    ",nobody@tab.example,,,,\r\n" +
    "Dupe Tabperson,QUOTED@tab.example,,,,\r\n" +
    "Four Tabperson,,,,,\r\nFive Tabperson,,,,,\r\nSix Tabperson,,,,,\r\n";

  type PreviewReply = { preview: Awaited<ReturnType<typeof previewClientCsv>> & { fileName: string; csv: string } };

  it("previews the first 5 named rows of a real CSV file, marking and counting duplicates before anything is written", async () => {
    const result = (await call(
      importTab.action,
      uploadRequest({ intent: "preview", file: csvFile(CSV) }),
    )) as PreviewReply;
    expect(result.preview.total).toBe(6);
    expect(result.preview.withoutName).toBe(1);
    expect(result.preview.fileName).toBe("clients.csv");
    expect(result.preview.rows).toHaveLength(5);
    expect(result.preview.rows[0]).toEqual({
      row: 2,
      data: {
        name: "Quoted, Person",
        email: "quoted@tab.example",
        phone: "07400 300300",
        notes: 'Likes "short" cuts,\nand tea',
        birthday: "1970-01-01",
      },
      duplicateOf: null,
      error: null,
    });
    // Rows are numbered as a spreadsheet shows the file (the header is row 1, the nameless
    // row 4 still counts). Row 5 has no phone: it is matched on its e-mail, as the client form would.
    expect(result.preview.rows[2]).toMatchObject({ row: 5, duplicateOf: { row: 2 } });
    expect(result.preview).toMatchObject({
      toImport: 5,
      duplicates: 1,
      errors: 0,
      duplicateRows: [{ row: 5, name: "Dupe Tabperson", duplicateOf: { row: 2 } }],
    });
    expect(await countWhere("% Tabperson")).toBe(0);
  });

  it("marks rows whose phone (however written) or e-mail is already on file, naming the stored client", async () => {
    const stored = await createTestClient({
      name: "Stored Previewed",
      phone: "+44 7400 555001",
      email: "stored.preview@tab.example",
    });
    const csv =
      "name,email,phone\nPhone Match,,07400 555001\nMail Match,STORED.PREVIEW@tab.example,\nNew Person,,07400 555002\nRepeat Person,,0044 7400 555002\n";
    const result = (await call(
      importTab.action,
      uploadRequest({ intent: "preview", file: csvFile(csv) }),
    )) as PreviewReply;
    const on = { clientId: stored.id, name: "Stored Previewed" };
    expect(result.preview.rows.map((row) => row.duplicateOf)).toEqual([on, on, null, { row: 4 }]);
    expect(result.preview).toMatchObject({ total: 4, toImport: 1, duplicates: 3 });
    const imported = await importRows(
      csv
        .split("\n")
        .slice(1, -1)
        .map((line) => ({ name: line.split(",")[0], email: line.split(",")[1], phone: line.split(",")[2] })),
    );
    expect(imported.body).toMatchObject({ imported: 1, duplicates: 3 });
    const [row] = await db.select().from(clients).where(eq(clients.name, "New Person"));
    expect(row!.phoneE164).toBe("+447400555002");
  });

  it("imports on confirmation and says how it went", async () => {
    const response = (await call(importTab.action, uploadRequest({ intent: "import", csv: CSV }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/import");
    expect(response.headers.get("Set-Cookie")).toContain("toast=");
    expect(await countWhere("% Tabperson")).toBe(4);
    const [quoted] = await db.select().from(clients).where(eq(clients.email, "quoted@tab.example"));
    expect(quoted).toMatchObject({
      name: "Quoted, Person",
      notes: 'Likes "short" cuts,\nand tea',
      birthday: "1970-01-01",
    });
    expect(await countWhere("Dupe Tabperson")).toBe(0);
  });

  it("answers SPEC's texts for a file that is not CSV, cannot be parsed or has no named row", async () => {
    const problem = async (fields: Record<string, string | File>) => {
      const result = await call(importTab.action, uploadRequest(fields));
      expect(statusOf(result)).toBe(400);
      return (result as { data: { problem: unknown } }).data.problem;
    };
    expect(
      await problem({
        intent: "preview",
        file: csvFile("name\nX", "clients.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
      }),
    ).toEqual({
      title: "Invalid file",
      message: "Please select a valid CSV file.",
    });
    expect(await problem({ intent: "preview", file: csvFile("") })).toEqual({
      title: "Invalid file",
      message: "Please select a valid CSV file.",
    });
    expect(await problem({ intent: "preview" })).toEqual({
      title: "Invalid file",
      message: "Please select a valid CSV file.",
    });
    expect(await problem({ intent: "preview", file: csvFile('name\n"Unclosed') })).toEqual({
      title: "Error",
      message: "Failed to parse CSV file. Please check the format.",
    });
    expect(await problem({ intent: "preview", file: csvFile("email,phone\na@b.c,1\n") })).toEqual({
      title: "No valid clients",
      message: "No valid client records found. Ensure each row has at least a name.",
    });
    expect(await problem({ intent: "import", csv: "name\n\n" })).toEqual({
      title: "No valid clients",
      message: "No valid client records found. Ensure each row has at least a name.",
    });
  });

  it("reads a Windows-1252 file from older Excel versions", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("name\nZo"),
      0xeb,
      ...new TextEncoder().encode(" Latin\n"),
    ]);
    const result = (await call(
      importTab.action,
      uploadRequest({ intent: "preview", file: new File([bytes], "old.csv", { type: "text/csv" }) }),
    )) as {
      preview: { rows: { data: { name: string } }[] };
    };
    expect(result.preview.rows[0]!.data.name).toBe("Zoë Latin");
  });

  it("offers the template as client-import-template.csv, to admins only", async () => {
    const response = (await call(
      template.loader,
      makeRequest("GET", "/settings/import/client-import-template.csv", { cookie: admin.cookie }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="client-import-template.csv"');
    expect(await response.text()).toBe(templateCsv());
    const { cookie } = await signedIn("stylist");
    expect(
      statusOf(
        await call(template.loader, makeRequest("GET", "/settings/import/client-import-template.csv", { cookie })),
      ),
    ).toBe(403);
  });
});
