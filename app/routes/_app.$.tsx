import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/session.server";

// Unknown paths: signed-out visitors get the sign-in page like everywhere else; signed-in
// staff get 'Page Not Found' inside the app shell (the layout's ErrorBoundary).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
