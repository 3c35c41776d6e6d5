import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Toaster } from "~/components/ui/toaster";
import { useClientLinks } from "~/hooks/use-client-links";
import { takeToast } from "~/utils/toast.server";
import { useNonce } from "~/utils/nonce";
import stylesheet from "./tailwind.css?url";
import { revalidateAfterSubmission } from "~/lib/revalidation";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // A PNG, not an SVG: Chromium loads the icon again on every change of address, and an SVG
  // icon is a whole SVG document built on the main thread, 3-8 ms of each dialog's opening and
  // closing on the Day view (decision 0136).
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  // Installable (decision 0124): the manifest names the salon; the icon for iPadOS's home screen.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: MetaFunction = () => [{ title: "Salon Management System" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // The service worker fetching the offline copy in the background must not take a toast meant for the screen.
  if (request.headers.get("X-Offline-Refresh")) return data({ toast: null });
  const { toast, headers } = await takeToast(request);
  return data({ toast }, { headers });
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#9d174d" />
        {/* Here, not in meta(): a route's meta() replaces its parents', and no page has its own. */}
        <meta
          name="description"
          content="Salon Management System: appointments, clients, services and the team's day, on every tablet in the salon."
        />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}

export const shouldRevalidate = revalidateAfterSubmission;

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useClientLinks();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
    </>
  );
}

/** Last resort: a friendly message, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="grid min-h-full place-items-center p-6">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-brand-700">{status}</p>
        <h1 className="mt-2 text-2xl font-bold">{status === 404 ? "Page Not Found" : "Something went wrong"}</h1>
        <p className="mt-2 text-slate-600">
          {status === 404
            ? "The page you are looking for does not exist."
            : "Please try again. If it keeps happening, tell your salon administrator."}
        </p>
        <a href="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Back to the calendar
        </a>
      </div>
    </main>
  );
}
