// 'Export' / 'Export First': a download link to GET /api/gdpr/export/{id}. Without
// JavaScript the browser downloads it with the session cookie; with JavaScript it is
// fetched so that SPEC's toasts can say whether it worked.
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? fallback;
}

async function download(href: string, fallbackName: string) {
  try {
    const response = await fetch(href, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = fileNameFrom(response.headers.get("Content-Disposition"), fallbackName);
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    showToast({ title: "Data Export Complete", description: "The client's data has been downloaded." });
  } catch {
    showToast({ title: "Export Failed", description: "Failed to export data", variant: "destructive" });
  }
}

export function ExportLink({ clientId, clientName, label }: { clientId: number; clientName: string; label: string }) {
  const href = `/api/gdpr/export/${clientId}`;
  const fileName = `client-${clientId}-export.json`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void download(href, fileName);
  };
  return (
    <a
      href={href}
      download={fileName}
      onClick={onClick}
      className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}
      aria-label={`${label}: ${clientName}`}
    >
      {label}
    </a>
  );
}
