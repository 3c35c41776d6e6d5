// Streaming SSR with web streams, so the same server build runs on Node and on Deno.
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.browser";
import { NonceProvider } from "~/utils/nonce";
import "~/utils/load-context";
import { logServerError } from "~/utils/log.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        if (!controller.signal.aborted) logServerError(error);
      },
    },
  );
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  void body.allReady.finally(() => clearTimeout(timeout));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logServerError(error);
}
