// Import Clients (SPEC §2 Settings, §5 "CSV import"; admins). Upload, the server shows a
// preview of the first 5 rows, each marked when it is a duplicate, with the counts of
// what will be imported and skipped; confirm. With JavaScript the file is sent for its
// preview as soon as it is chosen. The confirmation posts the file's text and the server
// reads and imports it.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { controlClasses } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import { Badge } from "~/components/ui/badge";
import {
  importClientCsv,
  previewClientCsv,
  readCsvUpload,
  type DuplicateOf,
  type ImportPreview,
} from "~/domain/client-import.server";
import { DomainError } from "~/domain/errors";
import {
  CsvImportError,
  IMPORT_COLUMNS,
  IMPORT_TEXTS,
  looksLikeCsv,
  PREVIEW_ROWS,
  TEMPLATE_FILE_NAME,
} from "~/lib/client-csv";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { logServerError } from "~/utils/log.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

type Preview = ImportPreview & { csv: string; fileName: string; withoutName: number };
type Problem = { title: string; message: string };

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "clients.import");
  return null;
});

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "clients.import");
  const formData = await readFormData(request, formLimit("intent", "file", "csv"));
  try {
    if (formData.get("intent") === "preview") {
      const file = formData.get("file");
      const csv = await readCsvUpload(file);
      const preview: Preview = {
        ...(await previewClientCsv(user, csv)),
        csv,
        fileName: typeof file === "string" || !file ? "" : file.name,
      };
      return { preview, problem: null };
    }
    const csv = formData.get("csv");
    if (typeof csv !== "string") throw new CsvImportError(IMPORT_TEXTS.invalidFileTitle, IMPORT_TEXTS.invalidFile);
    const result = await importClientCsv(user, csv);
    return redirectWithToast("/settings/import", {
      title: IMPORT_TEXTS.completedTitle,
      description: `Imported ${plural(result.imported, "client", "clients")}, ${plural(result.errors, "error", "errors")}, ${plural(result.duplicates, "duplicate", "duplicates")} skipped.`,
    });
  } catch (error) {
    if (error instanceof CsvImportError)
      return data({ preview: null, problem: { title: error.title, message: error.message } }, { status: 400 });
    if (error instanceof DomainError) throw error;
    logServerError(error);
    return data(
      { preview: null, problem: { title: IMPORT_TEXTS.failedTitle, message: IMPORT_TEXTS.failed } },
      { status: 500 },
    );
  }
});

function ProblemAlert({ problem }: { problem: Problem | null }) {
  if (!problem) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-semibold">{problem.title}</p>
      <p>{problem.message}</p>
    </div>
  );
}

function duplicateText(duplicateOf: DuplicateOf): string {
  return "row" in duplicateOf ? `Same client as row ${duplicateOf.row}` : `Already on file as ${duplicateOf.name}`;
}

function DuplicateLabel({ duplicateOf }: { duplicateOf: DuplicateOf }) {
  if ("row" in duplicateOf) return <>{duplicateText(duplicateOf)}</>;
  return (
    <>
      Already on file as{" "}
      <Link to={`/clients/${duplicateOf.clientId}/edit`} className="font-semibold underline">
        {duplicateOf.name}
      </Link>
    </>
  );
}

function PreviewCounts({ preview }: { preview: Preview }) {
  return (
    <ul aria-label="Import summary" className="mb-3 flex flex-wrap gap-2 text-sm">
      <li>
        <Badge tone="brand">{plural(preview.toImport, "client", "clients")} to import</Badge>
      </li>
      <li>
        <Badge tone={preview.duplicates > 0 ? "amber" : undefined}>
          {plural(preview.duplicates, "duplicate", "duplicates")} to skip
        </Badge>
      </li>
      {preview.errors > 0 ? (
        <li>
          <Badge tone="red">{plural(preview.errors, "row has errors", "rows have errors")}</Badge>
        </li>
      ) : null}
    </ul>
  );
}

function PreviewCard({ preview }: { preview: Preview }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "import";
  return (
    <Card>
      <CardHeader
        title="Preview"
        description={`${preview.fileName ? `${preview.fileName}: ` : ""}${plural(preview.total, "client", "clients")} found. The first ${Math.min(PREVIEW_ROWS, preview.total)} are shown.`}
      />
      <PreviewCounts preview={preview} />
      {preview.withoutName > 0 ? (
        <p className="mb-3 text-sm text-amber-900">
          {plural(preview.withoutName, "row has", "rows have")} no name and will be skipped.
        </p>
      ) : null}
      <div className="space-y-2">
        {preview.rows.map(({ row, data, duplicateOf, error }) => (
          <div
            key={row}
            role="group"
            aria-label={`Row ${row}`}
            className={`rounded-md p-3 text-sm ring-1 ${duplicateOf || error ? "bg-amber-50 ring-amber-300" : "bg-slate-50 ring-slate-200"}`}
          >
            {duplicateOf ? (
              <p className="mb-2 text-amber-950">
                <Badge tone="amber" className="mr-2">
                  Duplicate
                </Badge>
                <DuplicateLabel duplicateOf={duplicateOf} />: skipped.
              </p>
            ) : null}
            {error ? (
              <p className="mb-2 text-red-800">
                <Badge tone="red" className="mr-2">
                  Error
                </Badge>
                {error}
              </p>
            ) : null}
            <dl className="grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-0.5 sm:grid-cols-[7rem_1fr]">
              {IMPORT_COLUMNS.map((column) => (
                <div key={column} className="contents">
                  <dt className="font-medium capitalize text-slate-600">{column}</dt>
                  <dd className="min-w-0 whitespace-pre-line break-words text-slate-900">{data[column] ?? "-"}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
      {preview.duplicateRows.length > 0 ? (
        <section aria-labelledby="import-duplicates" className="mt-4">
          <h3 id="import-duplicates" className="text-sm font-semibold text-slate-900">
            Duplicates
            {preview.duplicates > preview.duplicateRows.length
              ? ` (the first ${preview.duplicateRows.length} of ${preview.duplicates.toLocaleString("en-GB")})`
              : ""}
          </h3>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {preview.duplicateRows.map(({ row, name, duplicateOf }) => (
              <li key={row}>
                Row {row}, {name}: <DuplicateLabel duplicateOf={duplicateOf} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.errorRows.length > 0 ? (
        <section aria-labelledby="import-errors" className="mt-4">
          <h3 id="import-errors" className="text-sm font-semibold text-slate-900">
            Rows with errors
            {preview.errors > preview.errorRows.length
              ? ` (the first ${preview.errorRows.length} of ${preview.errors.toLocaleString("en-GB")})`
              : ""}
          </h3>
          <ul className="mt-1 space-y-0.5 break-words text-sm text-slate-700">
            {preview.errorRows.map(({ row, message }) => (
              <li key={row}>
                Row {row}: {message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" action="/settings/import" className="mt-4 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="import" />
        <input type="hidden" name="csv" value={preview.csv} />
        <a href="/settings/import" className={buttonClasses("secondary")}>
          Cancel
        </a>
        {/* The button says what will be imported: duplicates and rows with errors are skipped. */}
        <Button type="submit" disabled={busy || preview.toImport === 0}>
          {busy ? "Importing..." : `Import ${plural(preview.toImport, "Client", "Clients")}`}
        </Button>
      </Form>
    </Card>
  );
}

export default function ImportTab() {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [local, setLocal] = useState<{ preview: Preview | null; problem: Problem | null } | null>(null);
  // The server's last answer is kept: a live update's revalidation clears the action's data,
  // and must not take the preview away while it is being read.
  const [answer, setAnswer] = useState(actionData);
  // A server answer (preview or problem) replaces what the browser worked out.
  useEffect(() => {
    if (!actionData) return;
    setAnswer(actionData);
    setLocal(null);
  }, [actionData]);
  const preview = local ? local.preview : (answer?.preview ?? null);
  const problem = local ? local.problem : (answer?.problem ?? null);
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "preview";

  useEffect(() => {
    if (problem && hydrated) showToast({ title: problem.title, description: problem.message, variant: "destructive" });
  }, [problem, hydrated]);

  // Once an import has been sent and answered, the browser's preview of it is spent.
  const uploadForm = useRef<HTMLFormElement>(null);
  const importing = useRef(false);
  useEffect(() => {
    const intent = navigation.formData?.get("intent");
    if (navigation.state !== "idle" && intent) importing.current = intent === "import";
    if (navigation.state === "idle" && importing.current) {
      importing.current = false;
      setLocal(null);
      // A failed import's problem stays; a done one leaves nothing to show.
      setAnswer(actionData);
      uploadForm.current?.reset();
    }
  }, [navigation.state, navigation.formData, actionData]);

  // The preview needs the server (it marks clients already on file): the chosen file goes at once.
  const submit = useSubmit();
  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return setLocal(null);
    if (file.size === 0 || !looksLikeCsv(file))
      return setLocal({
        preview: null,
        problem: { title: IMPORT_TEXTS.invalidFileTitle, message: IMPORT_TEXTS.invalidFile },
      });
    setLocal(null);
    submit(event.currentTarget.form, { method: "post", encType: "multipart/form-data", action: "/settings/import" });
  }

  return (
    // The next file's Import button sits where toasts appear: they show at the top here.
    <div className="space-y-6" data-toasts-at-top>
      <Card>
        <CardHeader
          title="Import Clients"
          description="Add many clients at once from a CSV file. Clients whose e-mail or phone is already on file are marked in the preview and skipped."
        >
          <a
            href={`/settings/import/${TEMPLATE_FILE_NAME}`}
            download={TEMPLATE_FILE_NAME}
            className={buttonClasses("secondary")}
          >
            Download Template
          </a>
        </CardHeader>
        <div className="mb-4 space-y-1 text-sm text-slate-700">
          <p>
            The first row names the columns: <strong>name</strong> (required), and optionally email, phone, notes,
            address and birthday (YYYY-MM-DD or DD/MM/YYYY). Exports from Google Contacts and Outlook are read as they
            are. Rows are numbered as in a spreadsheet: the column names are row 1.
          </p>
          <p>
            Each imported client is recorded as consenting to service communications, with the 7-year retention period.
          </p>
        </div>
        <Form
          ref={uploadForm}
          method="post"
          encType="multipart/form-data"
          action="/settings/import"
          className="flex flex-wrap items-end gap-3"
        >
          <input type="hidden" name="intent" value="preview" />
          <div className="min-w-60 flex-1">
            <label htmlFor="csv-file" className="mb-1 block text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input
              id="csv-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              onChange={onFileChosen}
              className={controlClasses}
            />
          </div>
          {hydrated ? null : (
            <Button type="submit" disabled={uploading}>
              {uploading ? "Reading..." : "Upload and Preview"}
            </Button>
          )}
        </Form>
      </Card>
      {uploading && hydrated ? (
        <p role="status" className="text-sm text-slate-700">
          Reading the file...
        </p>
      ) : null}
      <ProblemAlert problem={problem} />
      {preview ? <PreviewCard preview={preview} /> : null}
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
