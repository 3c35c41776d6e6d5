// A page that several screens ask for with the same data is rendered once (decision 0089).
// Ten tablets reloading the busy Day view after one change would otherwise each pay for
// React drawing two hundred blocks. A Remix page's markup is a function of its URL and
// its loaders' data, so the HTML is kept under a hash of exactly those: the serialized
// loader data that the page itself carries to the browser. Screens opt in with
// `handle = { renderOnce: true }` once their components read nothing but their loader
// data and the URL (no clock, no randomness while rendering on the server).
import { createHash, randomBytes } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { KeptPromises } from "~/lib/kept-promises";

/** Pages kept: a few views in a few variants (admins, screens, stylists); the oldest used goes first. */
const MAX_PAGES = 24;
/** A kept page: its bytes split where the nonce goes. */
type Page = Buffer[];
const pages = new KeptPromises<Page>(MAX_PAGES);

/** Stands in for the response's CSP nonce while a shared page is rendered; never sent. */
export const NONCE_PLACEHOLDER = randomBytes(24).toString("hex");

/** Whether this response's HTML may be shared: an opted-in screen, answered without errors or an action's data. */
export function canShareRender(context: EntryContext, status: number): boolean {
  const { staticHandlerContext: handler } = context;
  if (status !== 200 || handler.errors || handler.actionData || !context.serverHandoffStream) return false;
  const deepest = handler.matches.at(-1);
  const handle = deepest
    ? (context.routeModules[deepest.route.id]?.handle as { renderOnce?: boolean } | undefined)
    : undefined;
  return handle?.renderOnce === true;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

async function renderWith(context: EntryContext, data: Uint8Array[], render: () => Promise<string>): Promise<Page> {
  // The render reads the data again: the same bytes.
  context.serverHandoffStream = new ReadableStream({
    start(controller) {
      for (const chunk of data) controller.enqueue(chunk);
      controller.close();
    },
  });
  const html = await render();
  return html.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part));
}

/**
 * The page's HTML as bytes, rendered by `render` (with NONCE_PLACEHOLDER as its nonce) only
 * when no page with the same URL and data is kept or being rendered; then given this
 * response's nonce. Kept as bytes so each answer is one copy, not a string to encode again.
 */
export async function sharedRender(
  url: string,
  context: EntryContext,
  nonce: string,
  render: () => Promise<string>,
): Promise<Buffer<ArrayBuffer>> {
  const data = await readAll(context.serverHandoffStream!);
  const hash = createHash("sha256").update(url).update("\n");
  for (const chunk of data) hash.update(chunk);
  const key = hash.digest("base64");
  // The key is the page's content, so a kept page never goes stale: one version for all.
  const parts = await pages.get(key, null, () => renderWith(context, data, render));
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
}
