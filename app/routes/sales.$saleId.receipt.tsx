// A sale's receipt (decision 0120), on a page of its own (no app chrome) so it prints as is:
// 80 mm thermal paper by default, A4 with ?format=a4. "E-mail receipt" queues it for the
// client once per drawing of the page (its key is made here, in the loader).
import { randomUUID } from "node:crypto";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormAlert, formErrorsOf } from "~/components/ui/field";
import { receiptEmailState, requestReceiptEmail } from "~/domain/receipts.server";
import { getReceipt } from "~/domain/sales.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { firstName, PAYMENT_LABELS } from "~/lib/receipt";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { text } from "~/lib/schemas/limits";
import { formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Receipt ${data.receipt.sale.receiptNumber}` : "Receipt" },
];

type Format = "80mm" | "a4";
const formatOf = (request: Request): Format =>
  new URL(request.url).searchParams.get("format") === "a4" ? "a4" : "80mm";
const receiptPath = (id: number, format: Format) => `/sales/${id}/receipt${format === "a4" ? "?format=a4" : ""}`;

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "sales.view");
  const receipt = await getReceipt(user, parseId(params.saleId));
  const [{ timeZone }, email] = await Promise.all([getGlobalSettings(), receiptEmailState(receipt.sale)]);
  const sale = receipt.sale;
  const when = (instant: string) =>
    `${formatLongDate(dateInZone(instant, timeZone))}, ${formatClockTime(timeInZone(instant, timeZone))}`;
  return {
    receipt,
    format: formatOf(request),
    soldAt: when(sale.createdAt),
    refundDates: Object.fromEntries(sale.refunds.map((refund) => [refund.id, when(refund.createdAt)])),
    email: { ...email, lastAt: email.last ? when(email.last.at) : null },
    emailKey: randomUUID(),
  };
});

const EmailReceiptSchema = z.object({ key: text({}, 100, "The key") });

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "sales.view");
  const id = parseId(params.saleId);
  return formAction(request, EmailReceiptSchema, async ({ key }) => {
    const { to, queued } = await requestReceiptEmail(user, id, key);
    return redirectWithToast(receiptPath(id, formatOf(request)), {
      title: queued ? "Receipt e-mailed" : "Already sent",
      description: queued ? `On its way to ${to}.` : `This receipt was already queued for ${to}.`,
    });
  });
});

const PRINT_CSS = `
@page { size: 80mm auto; margin: 3mm; }
@media print {
  .receipt-screen-only { display: none !important; }
  body { background: #fff !important; }
  .receipt-sheet { box-shadow: none !important; margin: 0 !important; }
}
`;
const PRINT_CSS_A4 = PRINT_CSS.replace("size: 80mm auto; margin: 3mm;", "size: A4; margin: 15mm;");

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-3", strong && "font-bold")}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function EmailReceipt() {
  const { email, emailKey, format } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (!email.to) return <p className="text-sm text-slate-700">No e-mail address for this client.</p>;
  return (
    <div className="space-y-2">
      <FormAlert errors={actionData ? formErrorsOf(actionData.result) : null} />
      {email.unavailable ? (
        <p className="text-sm text-slate-700">{email.unavailable}</p>
      ) : (
        <Form method="post" action={format === "a4" ? "?format=a4" : "."}>
          <input type="hidden" name="key" value={emailKey} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Sending..." : "E-mail receipt"}
          </Button>
        </Form>
      )}
      {email.last ? (
        <p className="text-sm text-slate-700" role="status">
          {email.last.status === "sent"
            ? `E-mailed to ${email.to}, ${email.lastAt}.`
            : email.last.status === "sending"
              ? `Sending to ${email.to}...`
              : `Not sent: ${email.last.error ?? "unknown error"}`}
        </p>
      ) : null}
    </div>
  );
}

export default function ReceiptPage() {
  const { receipt, format, soldAt, refundDates } = useLoaderData<typeof loader>();
  const { salon, sale } = receipt;
  const a4 = format === "a4";
  return (
    <div className="min-h-full bg-slate-100 py-6 print:bg-white print:py-0">
      <style>{a4 ? PRINT_CSS_A4 : PRINT_CSS}</style>
      <nav
        aria-label="Receipt"
        className={cn(
          "receipt-screen-only mx-auto mb-4 flex flex-wrap items-center gap-2 px-4",
          a4 ? "max-w-[210mm]" : "max-w-md",
        )}
      >
        <Link to="/calendar" className={buttonClasses("secondary")}>
          Back to Calendar
        </Link>
        <button type="button" className={buttonClasses("primary")} onClick={() => window.print()}>
          Print
        </button>
        <span className="ml-auto flex gap-1" role="group" aria-label="Paper">
          <Link
            to={receiptPath(sale.id, "80mm")}
            aria-current={a4 ? undefined : "page"}
            className={buttonClasses(a4 ? "secondary" : "primary")}
          >
            80 mm
          </Link>
          <Link
            to={receiptPath(sale.id, "a4")}
            aria-current={a4 ? "page" : undefined}
            className={buttonClasses(a4 ? "primary" : "secondary")}
          >
            A4
          </Link>
        </span>
      </nav>
      <main
        className={cn(
          "receipt-sheet mx-auto bg-white text-slate-900 shadow-sm",
          a4
            ? "w-full max-w-[210mm] px-10 py-12 text-base sm:min-h-[297mm]"
            : "w-[80mm] max-w-full px-3 py-4 text-[13px]",
        )}
      >
        <header className={cn("mb-3 text-center", a4 && "mb-8 text-left")}>
          <h1 className={cn("font-bold", a4 ? "text-3xl" : "text-lg")}>{salon.name || "Receipt"}</h1>
          {salon.address ? <p className="whitespace-pre-line">{salon.address}</p> : null}
          {salon.phone ? <p>{salon.phone}</p> : null}
          {salon.vatNumber ? <p>VAT number: {salon.vatNumber}</p> : null}
        </header>
        <dl className="mb-3 border-y border-dashed border-slate-400 py-2">
          <Row label="Receipt no." value={String(sale.receiptNumber)} strong />
          <Row label="Date" value={soldAt} />
          {sale.clientName ? <Row label="Client" value={sale.clientName} /> : null}
        </dl>
        <table className="mb-3 w-full">
          <caption className="sr-only">Items</caption>
          <thead className={a4 ? "" : "sr-only"}>
            <tr className="border-b border-slate-300 text-left">
              <th scope="col" className="py-1">
                Item
              </th>
              <th scope="col" className="py-1 text-right">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((line) => (
              <tr key={line.id} className="align-top">
                <td className="py-1 pr-2">
                  {line.description}
                  {line.quantity > 1 ? (
                    <span className="block tabular-nums text-slate-700">
                      {line.quantity} × {formatPence(line.unitPrice)}
                    </span>
                  ) : null}
                  {line.stylistName ? (
                    <span className="block text-slate-700">{firstName(line.stylistName)}</span>
                  ) : null}
                  {line.discount > 0 ? (
                    <span className="block text-slate-700">Discount −{formatPence(line.discount)}</span>
                  ) : null}
                  {line.refundedQuantity > 0 ? (
                    <span className="block text-slate-700">{line.refundedQuantity} given back</span>
                  ) : null}
                </td>
                <td className="py-1 text-right tabular-nums">
                  {formatPence(line.price)}
                  {line.discount > 0 ? <span className="block">{formatPence(line.net)}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="space-y-0.5 border-t border-dashed border-slate-400 pt-2">
          {sale.discountTotal > 0 ? (
            <>
              <Row label="Subtotal" value={formatPence(sale.subtotal)} />
              <Row label="Discounts" value={`−${formatPence(sale.discountTotal)}`} />
            </>
          ) : null}
          <Row label="Total" value={formatPence(sale.total)} strong />
          {sale.vatRate !== null ? (
            <Row label={`Including VAT at ${sale.vatRate}%`} value={formatPence(sale.vat)} />
          ) : null}
          {sale.tips.map((tip) => (
            <Row key={tip.stylistId} label={`Tip for ${firstName(tip.stylistName)}`} value={formatPence(tip.amount)} />
          ))}
          {sale.tipsTotal > 0 ? (
            <Row label="Total with tips" value={formatPence(sale.total + sale.tipsTotal)} strong />
          ) : null}
        </dl>
        <dl className="mt-2 space-y-0.5 border-t border-dashed border-slate-400 pt-2">
          {sale.payments.map((payment, index) => (
            <Row key={index} label={PAYMENT_LABELS[payment.method]} value={formatPence(payment.amount)} />
          ))}
          {sale.change > 0 ? <Row label="Change" value={formatPence(sale.change)} /> : null}
        </dl>
        {sale.refunds.length > 0 ? (
          <section aria-labelledby="refunds-title" className="mt-2 border-t border-dashed border-slate-400 pt-2">
            <h2 id="refunds-title" className="font-bold">
              Refunds
            </h2>
            <dl className="space-y-0.5">
              {sale.refunds.map((refund) => (
                <Row
                  key={refund.id}
                  label={`${refundDates[refund.id]} (${PAYMENT_LABELS[refund.method]})`}
                  value={`−${formatPence(refund.amount)}`}
                />
              ))}
            </dl>
          </section>
        ) : null}
        <p className="mt-4 text-center">Served by {firstName(sale.soldByName)}. Thank you for your visit.</p>
      </main>
      <section
        aria-label="E-mail receipt"
        className={cn("receipt-screen-only mx-auto mt-4 px-4", a4 ? "max-w-[210mm]" : "max-w-md")}
      >
        <EmailReceipt />
      </section>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
