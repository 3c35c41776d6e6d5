// Sign-in through remix-auth, the design card's packages: a FormStrategy named "form" whose
// verify is the one password function (authenticateWithPassword, with its throttle and
// decoy hash), for the sign-in form and POST /api/login alike. Each caller validates the
// credentials with LoginSchema first, so its messages and statuses stay its own, then hands
// them to the strategy as the form it reads. The throttle counts by the client's address,
// which the load context holds and remix-auth 4 does not pass to a strategy (a strategy
// gets a copy of the request only): so each sign-in builds its authenticator, whose verify
// closes over that address (decision 0003), and over the browser's device cookie, read
// from the original request (decision 0096).
import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Actor } from "~/domain/access.server";
import { authenticateWithPassword, INVALID_CREDENTIALS } from "~/domain/auth.server";
import { Unauthorized } from "~/domain/errors";
import type { TrustedDevice } from "~/domain/sign-in-throttle.server";
import { readDevice } from "~/utils/device-cookie.server";

/** The strategy's name: remix-auth-form's own. */
const PASSWORD_STRATEGY = "form";

function authenticatorFor(context: AppLoadContext, device: TrustedDevice | null): Authenticator<Actor> {
  return new Authenticator<Actor>().use(
    new FormStrategy<Actor>(async ({ form }) => {
      const email = form.get("email");
      const password = form.get("password");
      // Not reached through signInWithPassword, which always sends both.
      if (typeof email !== "string" || typeof password !== "string") throw new Unauthorized(INVALID_CREDENTIALS);
      return authenticateWithPassword({ email, password, address: context.clientAddress, device });
    }),
    PASSWORD_STRATEGY,
  );
}

/**
 * Signs in with credentials that passed LoginSchema. Refusals come from the password
 * function unchanged: 401 "Invalid email or password", 429 from the throttle, 503 when
 * the server is busy hashing.
 */
export async function signInWithPassword(
  credentials: { email: string; password: string },
  request: Request,
  context: AppLoadContext,
): Promise<Actor> {
  const device = await readDevice(request);
  const body = new URLSearchParams({ email: credentials.email, password: credentials.password });
  return authenticatorFor(context, device).authenticate(
    PASSWORD_STRATEGY,
    new Request(request.url, { method: "POST", body }),
  );
}
