// The link in a waitlist offer's text or e-mail (decision 0128): GET shows the time held for
// the client and two buttons (a link scanner following the link must not book or decline
// anything), POST books it through the one checked booking or turns it down. No sign-in:
// the signed token is the key, and the page shows nothing about the client.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { DomainError, NotFound } from "~/domain/errors";
import { acceptOffer, declineOffer, getPublicOffer } from "~/domain/waitlist.server";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { formLimit, readFormData } from "~/utils/form-data.server";
import { page } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: "A time for you" }, { name: "robots", content: "noindex" }];

const INVALID = "This link is not valid.";

async function offerView(token: string) {
  try {
    const offer = await getPublicOffer(token);
    const time = (instant: string) => formatClockTime(timeInZone(instant, offer.timeZone), offer.clockFormat);
    return {
      salonName: offer.salonName,
      salonPhone: offer.salonPhone,
      what: `${offer.serviceName} with ${offer.stylistName}`,
      when: `${formatLongDate(dateInZone(offer.start, offer.timeZone))}, ${time(offer.start)} to ${time(offer.end)}`,
      holdUntil: time(offer.holdUntil),
      state: offer.state,
    };
  } catch (error) {
    if (error instanceof NotFound) throw data(INVALID, { status: 404 });
    throw error;
  }
}

export const loader = page(async ({ params }: LoaderFunctionArgs) => offerView(params.token ?? ""));

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const token = params.token ?? "";
  const form = await readFormData(request, formLimit("intent"));
  const intent = form.get("intent");
  try {
    if (intent === "accept") await acceptOffer(token);
    else if (intent === "decline") await declineOffer(token);
    else return data({ error: "Choose Book it or No, thanks." }, { status: 400 });
    return { done: intent };
  } catch (error) {
    if (error instanceof NotFound) throw data(INVALID, { status: 404 });
    if (error instanceof DomainError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
});

export default function WaitlistOffer() {
  const offer = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const state = answer && "done" in answer ? (answer.done === "accept" ? "accepted" : "declined") : offer.state;
  const call = offer.salonPhone ? ` Call ${offer.salonPhone} if you have questions.` : "";
  return (
    <main className="mx-auto max-w-md p-6">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{offer.salonName}: a time for you</h1>
        <p className="mt-3 text-slate-800">
          <strong>{offer.what}</strong>
          <br />
          {offer.when}
        </p>
        {state === "accepted" ? (
          <p className="mt-4 text-emerald-800" role="status">
            You are booked. See you then!{call}
          </p>
        ) : state === "declined" ? (
          <p className="mt-4 text-slate-700" role="status">
            Thank you for letting us know: the time goes to the next client waiting.
          </p>
        ) : state === "gone" ? (
          <p className="mt-4 text-slate-700" role="status">
            This offer has run out or was already answered.{call}
          </p>
        ) : (
          <>
            <p className="mt-3 text-slate-700">We hold this time for you until {offer.holdUntil}.</p>
            <div className="mt-3">
              <FormAlert errors={answer && "error" in answer ? [answer.error] : null} />
            </div>
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="accept" className="min-h-11" disabled={busy}>
                Book it
              </Button>
              <Button
                type="submit"
                name="intent"
                value="decline"
                variant="secondary"
                className="min-h-11"
                disabled={busy}
              >
                No, thanks
              </Button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
