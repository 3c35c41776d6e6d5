// The checkout screen (decision 0119): a sale for an appointment (`?appointment=ID`) or a
// new sale. The whole sale is in the form; each step is a submit that the action applies
// and re-renders with server-computed totals, so it works without JavaScript. With it the
// totals follow the typing (the same arithmetic, app/lib/sale-totals.ts). "Take payment"
// records the sale once under the Idempotency-Key made when the screen was rendered, then
// goes to the receipt.
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { PaymentMethod } from "#db/enums";
import { buttonClasses } from "~/components/ui/button";
import { controlClasses, FormAlert } from "~/components/ui/field";
import {
  applyCheckoutStep,
  checkoutOptions,
  findProducts,
  startCheckout,
  type CheckoutOptions,
  type ProductHit,
} from "~/domain/checkout.server";
import { DomainError } from "~/domain/errors";
import { createSale } from "~/domain/sales.server";
import {
  draftTotals,
  field,
  FORM_FIELD_COUNT,
  lineStylists,
  MAX_QUERY,
  moneyInput,
  readDraft,
  saleInputOf,
  type CheckoutDraft,
} from "~/lib/checkout-draft";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { returnPath } from "~/lib/return-path";
import { page, parseOptionalId } from "~/utils/http.server";
import { formLimit, readFormData } from "~/utils/form-data.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Checkout" }];

const TIP_PERCENTS = [10, 15, 20] as const;
const METHOD_LABELS: Record<PaymentMethod, string> = { cash: "Cash", card: "Card", voucher: "Voucher", other: "Other" };

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "sales.take");
  const url = new URL(request.url);
  const start = await startCheckout(user, parseOptionalId(url.searchParams.get("appointment")));
  if (start.paidSaleId !== null) throw redirect(`/sales/${start.paidSaleId}/receipt`);
  return {
    title: start.title,
    // The sale's Idempotency-Key: made once per rendered screen, carried by every step.
    draft: { ...start.draft, key: randomUUID(), revision: 0 } satisfies CheckoutDraft,
    options: await checkoutOptions(user),
    closeTo: returnPath("/calendar", url),
  };
});

// The screen's data changes only by its own steps (the action answers them) or its address;
// a live update elsewhere must not redraw a sale being made.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  !formMethod && (currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search);

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "sales.take");
  const formData = await readFormData(request, {
    ...formLimit("intent"),
    maxFields: FORM_FIELD_COUNT,
  });
  const options = await checkoutOptions(user);
  const intent = String(formData.get("intent") ?? "update");
  const read = readDraft(formData);
  const problems = [...read.problems];
  let draft: CheckoutDraft = { ...read.draft, revision: read.draft.revision + 1, key: read.draft.key || randomUUID() };
  const refusal = (error: unknown) => {
    if (!(error instanceof DomainError) || error.status === 403) throw error;
    problems.push(error.message);
  };
  try {
    draft = await applyCheckoutStep(user, draft, intent, formData, options);
  } catch (error) {
    refusal(error);
  }
  if (intent === "pay") {
    if (draft.lines.some((line) => line.kind === "service" && line.stylistId === null))
      problems.push("Choose the stylist of each service.");
    if (problems.length === 0) {
      try {
        const { sale } = await createSale(user, saleInputOf(draft), { idempotencyKey: draft.key });
        return redirect(`/sales/${sale.id}/receipt`);
      } catch (error) {
        refusal(error);
      }
    }
  }
  const hits = draft.productQuery.trim() ? await findProducts(user, draft.productQuery) : null;
  return data({ draft, problems, hits }, { status: problems.length ? 400 : 200 });
});

export default function CheckoutScreen() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const draft = reply?.draft ?? loaded.draft;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-2 p-2 md:p-3">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-lg font-bold text-slate-900">Checkout</h1>
          <p className="truncate text-sm text-slate-700" data-testid="checkout-title">
            {loaded.title}
          </p>
        </div>
        <Link to={loaded.closeTo} className={buttonClasses("secondary", "min-h-11")}>
          Cancel
        </Link>
      </header>
      <CheckoutForm
        key={draft.revision}
        draft={draft}
        options={loaded.options}
        problems={reply?.problems ?? []}
        hits={reply?.hits ?? null}
      />
    </main>
  );
}

const bigButton = (variant: "primary" | "secondary" | "ghost" = "secondary", className?: string) =>
  buttonClasses(variant, cn("min-h-11 min-w-11", className));
const moneyField = cn(controlClasses, "min-h-11 text-right tabular-nums");
const selectField = cn(controlClasses, "min-h-11");
// Below the md breakpoint each line stacks: its name and remove button, the stylist, then
// quantity, price, discount and the line's total side by side, each with a small label.
const phoneLine =
  "border-t border-slate-100 max-md:grid max-md:grid-cols-4 max-md:items-end max-md:gap-x-1 max-md:py-1";
function PhoneLabel({ children }: { children: ReactNode }) {
  return (
    <span className="block text-xs text-slate-600 md:hidden" aria-hidden="true">
      {children}
    </span>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `checkout-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200", className)}
    >
      <h2 id={id} className="mb-1 text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function MoneyInput({ name, value, label }: { name: string; value: number; label: string }) {
  return (
    <input
      name={name}
      defaultValue={moneyInput(value)}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      className={moneyField}
    />
  );
}

function CheckoutForm({
  draft,
  options,
  problems,
  hits,
}: {
  draft: CheckoutDraft;
  options: CheckoutOptions;
  problems: string[];
  hits: ProductHit[] | null;
}) {
  // With JavaScript: the form as typed, read the way the server reads it.
  const [typed, setTyped] = useState<CheckoutDraft | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const current = typed ?? draft;
  const totals = draftTotals(current, options.vatRate);
  const stylistName = (id: number | null) => options.stylists.find((stylist) => stylist.id === id)?.name ?? "";
  const untipped = options.stylists.filter((stylist) => !draft.tips.some((tip) => tip.stylistId === stylist.id));
  const soloStylist = options.stylists.length === 1 ? options.stylists[0]! : null;
  return (
    <Form
      method="post"
      className="grid gap-2 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]"
      onChange={(event) => setTyped(readDraft(new FormData(event.currentTarget)).draft)}
    >
      {/* Enter in any field: the totals again (and the product search as typed). */}
      <button type="submit" name="intent" value="update" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="key" value={draft.key} />
      <input type="hidden" name="revision" value={draft.revision} />
      <input type="hidden" name="appointmentId" value={draft.appointmentId ?? ""} />
      <input type="hidden" name="clientId" value={draft.clientId ?? ""} />
      <input type="hidden" name="clientName" value={draft.clientName ?? ""} />

      <div className="flex min-w-0 flex-col gap-2">
        <Section title="Items">
          {draft.lines.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing yet: add a service or a product.</p>
          ) : (
            <table className="w-full text-sm max-md:block">
              <thead className="text-left text-xs text-slate-600 max-md:hidden">
                <tr>
                  <th className="pb-1 font-medium">Item</th>
                  <th className="w-32 pb-1 font-medium">Stylist</th>
                  <th className="w-14 pb-1 font-medium">Qty</th>
                  <th className="w-20 pb-1 font-medium">Price £</th>
                  <th className="w-20 pb-1 font-medium">Discount £</th>
                  <th className="w-20 pb-1 text-right font-medium">Line</th>
                  <th className="w-12 pb-1">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:block">
                {draft.lines.map((line, index) => {
                  const shown = current.lines[index] ?? line;
                  const label = `${line.description} (line ${index + 1})`;
                  return (
                    <tr key={index} className={phoneLine} data-testid="checkout-line">
                      <td className="py-1 pr-2 max-md:order-1 max-md:col-span-3">
                        <input type="hidden" name={field.line(index, "kind")} value={line.kind} />
                        <input type="hidden" name={field.line(index, "itemId")} value={line.itemId} />
                        <input type="hidden" name={field.line(index, "description")} value={line.description} />
                        {line.stock !== null ? (
                          <input type="hidden" name={field.line(index, "stock")} value={line.stock} />
                        ) : null}
                        <span className="font-medium text-slate-900">{line.description}</span>
                        {line.stock !== null ? (
                          <span className="block text-xs text-slate-600">{line.stock} in stock</span>
                        ) : null}
                      </td>
                      <td className="py-1 pr-2 max-md:order-3 max-md:col-span-4">
                        {soloStylist ? (
                          <>
                            <input type="hidden" name={field.line(index, "stylistId")} value={soloStylist.id} />
                            {soloStylist.name}
                          </>
                        ) : (
                          <select
                            name={field.line(index, "stylistId")}
                            defaultValue={line.stylistId ?? ""}
                            aria-label={`${label}: stylist`}
                            className={selectField}
                          >
                            {line.kind === "product" ? <option value="">No stylist</option> : null}
                            {line.kind === "service" && line.stylistId === null ? (
                              <option value="">Choose…</option>
                            ) : null}
                            {options.stylists.map((stylist) => (
                              <option key={stylist.id} value={stylist.id}>
                                {stylist.name}
                              </option>
                            ))}
                          </select>
                        )}
                      </td>
                      <td className="py-1 pr-2 max-md:order-4">
                        <PhoneLabel>Qty</PhoneLabel>
                        {line.kind === "product" ? (
                          <input
                            name={field.line(index, "quantity")}
                            defaultValue={line.quantity}
                            inputMode="numeric"
                            aria-label={`${label}: quantity`}
                            className={moneyField}
                          />
                        ) : (
                          <span className="block text-right text-slate-600">1</span>
                        )}
                      </td>
                      <td className="py-1 pr-2 max-md:order-5">
                        <PhoneLabel>Price £</PhoneLabel>
                        <MoneyInput
                          name={field.line(index, "unitPrice")}
                          value={line.unitPrice}
                          label={`${label}: price`}
                        />
                      </td>
                      <td className="py-1 pr-2 max-md:order-6">
                        <PhoneLabel>Discount £</PhoneLabel>
                        <MoneyInput
                          name={field.line(index, "discount")}
                          value={line.discount}
                          label={`${label}: discount`}
                        />
                      </td>
                      <td className="py-1 text-right tabular-nums max-md:order-7">
                        <PhoneLabel>Line</PhoneLabel>
                        <span data-testid="line-total">
                          {formatPence(shown.unitPrice * shown.quantity - shown.discount)}
                        </span>
                      </td>
                      <td className="py-1 pl-1 text-right max-md:order-2">
                        <button
                          type="submit"
                          name="intent"
                          value={`remove-line:${index}`}
                          className={bigButton("ghost", "px-2")}
                          aria-label={`Remove ${label}`}
                        >
                          ✕
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </Section>

        <Section title="Add a product">
          <div className="flex gap-2">
            <input
              type="search"
              name="productQuery"
              defaultValue={draft.productQuery}
              maxLength={MAX_QUERY}
              placeholder="Product name"
              aria-label="Find a product"
              className={cn(controlClasses, "min-h-11")}
            />
            <button type="submit" name="intent" value="search" className={bigButton()}>
              Find
            </button>
          </div>
          {hits ? (
            hits.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No product for sale matches “{draft.productQuery}”.</p>
            ) : (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label="Products found">
                {hits.map((hit) => (
                  <li key={hit.id}>
                    <button
                      type="submit"
                      name="intent"
                      value={`add-product:${hit.id}`}
                      className={bigButton("secondary", "w-full justify-between")}
                      aria-label={`Add ${hit.name}, ${formatPence(hit.retailPrice)}, ${hit.stockQuantity} in stock`}
                    >
                      <span className="truncate">{hit.name}</span>
                      <span className="shrink-0 text-xs font-normal text-slate-600">
                        {formatPence(hit.retailPrice)} · {hit.stockQuantity} in stock
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </Section>

        <Section title="Add a service">
          <div className="flex flex-wrap gap-2 md:flex-nowrap">
            <select name="newServiceId" aria-label="Service" className={cn(selectField, "w-auto min-w-0 flex-[2]")}>
              {options.services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name} ({formatPence(service.price)})
                </option>
              ))}
            </select>
            {soloStylist ? null : (
              <select
                name="newServiceStylistId"
                aria-label="Stylist of the service"
                defaultValue={lineStylists(draft)[0] ?? ""}
                className={cn(selectField, "w-auto min-w-0 flex-1")}
              >
                {options.stylists.map((stylist) => (
                  <option key={stylist.id} value={stylist.id}>
                    {stylist.name}
                  </option>
                ))}
              </select>
            )}
            <button type="submit" name="intent" value="add-service" className={bigButton()}>
              Add service
            </button>
          </div>
        </Section>
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Section title="Tips">
          <div className="mb-2 flex flex-wrap gap-2">
            {TIP_PERCENTS.map((percent) => (
              <button
                key={percent}
                type="submit"
                name="intent"
                value={`tip-${percent}`}
                className={bigButton("secondary", "flex-1")}
              >
                {percent}%
              </button>
            ))}
          </div>
          <ul className="space-y-1">
            {draft.tips.map((tip, index) => (
              <li key={tip.stylistId} className="flex items-center gap-2" data-testid="checkout-tip">
                <input type="hidden" name={field.tip(index, "stylistId")} value={tip.stylistId} />
                <span className="min-w-0 flex-1 truncate text-sm">{stylistName(tip.stylistId)}</span>
                <div className="w-28">
                  <MoneyInput
                    name={field.tip(index, "amount")}
                    value={tip.amount}
                    label={`Tip for ${stylistName(tip.stylistId)}`}
                  />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={`remove-tip:${index}`}
                  className={bigButton("ghost", "px-2")}
                  aria-label={`Remove the tip for ${stylistName(tip.stylistId)}`}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex gap-2">
            <div className="w-28">
              <MoneyInput name="tipTotal" value={draft.tipTotal} label="Tip to split" />
            </div>
            <button type="submit" name="intent" value="tip-split" className={bigButton("secondary", "flex-1")}>
              Split between {draft.tips.length > 1 ? draft.tips.length : "them"}
            </button>
          </div>
          {untipped.length ? (
            <div className="mt-2 flex gap-2">
              <select name="newTipStylistId" aria-label="Stylist to tip" className={cn(selectField, "min-w-0 flex-1")}>
                {untipped.map((stylist) => (
                  <option key={stylist.id} value={stylist.id}>
                    {stylist.name}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="add-tip" className={bigButton()}>
                Add to tip
              </button>
            </div>
          ) : null}
        </Section>

        <Section title="Payments">
          <ul className="space-y-1">
            {draft.payments.map((payment, index) => (
              <li key={index} className="flex items-center gap-2" data-testid="checkout-payment">
                <input type="hidden" name={field.payment(index, "method")} value={payment.method} />
                <span className="min-w-0 flex-1 text-sm">{METHOD_LABELS[payment.method]}</span>
                <div className="w-28">
                  <MoneyInput
                    name={field.payment(index, "amount")}
                    value={payment.amount}
                    label={`${METHOD_LABELS[payment.method]} payment ${index + 1}`}
                  />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={`remove-payment:${index}`}
                  className={bigButton("ghost", "px-2")}
                  aria-label={`Remove ${METHOD_LABELS[payment.method]} payment ${index + 1}`}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 grid grid-cols-4 gap-1">
            {(Object.keys(METHOD_LABELS) as PaymentMethod[]).map((method) => (
              <button
                key={method}
                type="submit"
                name="intent"
                value={`add-payment:${method}`}
                className={bigButton("secondary", "px-1 whitespace-nowrap")}
                aria-label={`Add a ${METHOD_LABELS[method].toLowerCase()} payment`}
              >
                {METHOD_LABELS[method]}
              </button>
            ))}
          </div>
        </Section>

        <Section title="Summary">
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm tabular-nums" data-testid="checkout-totals">
            {totals.discountTotal > 0 ? (
              <>
                <dt className="text-slate-700">Discounts</dt>
                <dd className="text-right">−{formatPence(totals.discountTotal)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold" data-testid="total">
              {formatPence(totals.total)}
            </dd>
            <dt className="text-slate-700">
              {options.vatRate === null ? "No VAT" : `Includes VAT (${options.vatRate}%)`}
            </dt>
            <dd className="text-right text-slate-700" data-testid="vat">
              {formatPence(totals.vat)}
            </dd>
            <dt className="text-slate-700">Tips</dt>
            <dd className="text-right" data-testid="tips-total">
              {formatPence(totals.tipsTotal)}
            </dd>
            <dt className="text-slate-700">Paid</dt>
            <dd className="text-right">{formatPence(totals.paid)}</dd>
            {totals.change > 0 ? (
              <>
                <dt className="text-base font-bold text-emerald-800">Change due</dt>
                <dd className="text-right text-base font-bold text-emerald-800" data-testid="change-due">
                  {formatPence(totals.change)}
                </dd>
              </>
            ) : (
              <>
                <dt className="text-base font-bold">To pay</dt>
                <dd className="text-right text-base font-bold" data-testid="to-pay">
                  {formatPence(totals.remaining)}
                </dd>
              </>
            )}
          </dl>
          <div className="mt-2">
            <FormAlert errors={problems} />
          </div>
          <div className="mt-2 flex gap-2">
            <button type="submit" name="intent" value="update" className={bigButton("secondary")}>
              Update totals
            </button>
            <button
              type="submit"
              name="intent"
              value="pay"
              disabled={busy}
              className={bigButton("primary", "flex-1 text-base")}
            >
              Take payment
            </button>
          </div>
        </Section>
      </div>
    </Form>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
