// One-shot toasts carried across a redirect in a signed cookie (SPEC §8 texts).
import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { secureCookies, sessionSecret } from "~/lib/env.server";
import { applyCookieSecurity } from "./cookies.server";

const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  title: z.string(),
  description: z.string().default(""),
  variant: z.enum(["default", "destructive"]).default("default"),
});
type Toast = z.output<typeof ToastSchema>;

// `secure` is the default for code that sets a toast outside page()/api(); those wrappers
// give the cookie the request's own flag (cookies.server.ts).
const toastCookie = createCookie("toast", {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  secrets: [sessionSecret],
  maxAge: 60,
});

async function toastHeader(toast: z.input<typeof ToastSchema>): Promise<string> {
  return toastCookie.serialize(ToastSchema.parse(toast));
}

export async function redirectWithToast(
  url: string,
  toast: z.input<typeof ToastSchema>,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  if (raw) headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  applyCookieSecurity(request, headers);
  return { toast: parsed.success ? parsed.data : null, headers };
}
