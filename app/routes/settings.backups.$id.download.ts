// "Download" on Settings → Backups: the backup file, for admins, audited.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { backupForDownload } from "~/domain/backups.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "backups.manage");
  const { path, file } = await backupForDownload(user, parseId(params.id));
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: {
      "Content-Type": "application/vnd.sqlite3",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "no-store",
    },
  });
});
