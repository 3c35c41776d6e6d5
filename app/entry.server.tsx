// Streaming SSR. On Node, React's Node stream renderer (several times faster than its
// web-stream renderer there); elsewhere (Deno) the web-stream renderer. Both hand Remix a
// web-standard Response, so the same server build runs on both runtimes. Screens that opt
// in are rendered whole and shared by every request with the same data (decision 0089).
import { Transform, Writable, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import * as ReactDOMServer from "react-dom/server";
import { renderToReadableStream } from "react-dom/server.browser";
import { NonceProvider } from "~/utils/nonce";
import { canShareRender, NONCE_PLACEHOLDER, sharedRender } from "~/utils/shared-render.server";
import "~/utils/load-context";
import { logServerError } from "~/utils/log.server";
import { startBackupScheduler } from "~/domain/backups.server";
import { startReminderScheduler } from "~/domain/reminders.server";

export const streamTimeout = 5_000;

/** React's Node stream renderer, where the runtime has it (Node; not Deno). */
const nodeRenderer =
  "renderToPipeableStream" in ReactDOMServer && typeof ReactDOMServer.renderToPipeableStream === "function"
    ? ReactDOMServer.renderToPipeableStream
    : null;

// Background work each server process runs once (server.js and server/deno.ts call it
// after the build has loaded): the SMS reminder scheduler and the daily backup.
export function startBackgroundJobs(): void {
  startReminderScheduler();
  startBackupScheduler();
}

type Render = {
  request: Request;
  status: number;
  headers: Headers;
  app: JSX.Element;
  nonce: string;
  waitForAll: boolean;
};

/**
 * Joins the chunks React writes in one go (a few KB each) into one, released on the next
 * turn of the event loop. The adapter flushes the compressor after every chunk, so without
 * this a Day view went out as about a hundred separately flushed gzip blocks and socket
 * writes; streamed parts (deferred data) still go out as soon as React writes them.
 */
class JoinChunks extends Transform {
  private parts: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts));
    this.parts = [];
  }
}

function renderWithNodeStreams({ status, headers, app, nonce, waitForAll }: Render): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new JoinChunks();
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    };
    const { pipe, abort } = ReactDOMServer.renderToPipeableStream(app, {
      nonce,
      onShellReady: waitForAll ? undefined : ready,
      onAllReady: waitForAll ? ready : undefined,
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) logServerError(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

async function renderWithWebStreams({ status, headers, app, nonce, waitForAll }: Render): Promise<Response> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1000);
  const body = await renderToReadableStream(app, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      status = 500;
      if (!controller.signal.aborted) logServerError(error);
    },
  });
  if (waitForAll) await body.allReady;
  void body.allReady.finally(() => clearTimeout(timeout));
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers, status });
}

/** The whole page as one string (a shared page is kept whole): every part rendered, deferred data included. */
async function renderToHtml(app: JSX.Element, nonce: string): Promise<string> {
  if (nodeRenderer) {
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          parts.push(chunk);
          done();
        },
        final(done) {
          resolve(Buffer.concat(parts).toString("utf8"));
          done();
        },
      });
      const { pipe, abort } = nodeRenderer(app, {
        nonce,
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError: reject,
      });
      setTimeout(abort, streamTimeout + 1000);
    });
  }
  let failed: { error: unknown } | undefined;
  const body = await renderToReadableStream(app, { nonce, onError: (error: unknown) => void (failed ??= { error }) });
  await body.allReady;
  const html = await new Response(body).text();
  if (failed) throw failed.error;
  return html;
}

const page = (context: EntryContext, url: string, nonce: string) => (
  <NonceProvider value={nonce}>
    <RemixServer context={context} url={url} abortDelay={streamTimeout} nonce={nonce} />
  </NonceProvider>
);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Pages carry clients' and staff's personal data: no browser or proxy may keep a copy.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
  if (canShareRender(remixContext, responseStatusCode)) {
    // Several screens showing the same data: one render for all of them (decision 0089).
    const html = await sharedRender(request.url, remixContext, nonce, () =>
      renderToHtml(page(remixContext, request.url, NONCE_PLACEHOLDER), NONCE_PLACEHOLDER),
    );
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  const render: Render = {
    request,
    status: responseStatusCode,
    headers: responseHeaders,
    nonce,
    waitForAll: isbot(request.headers.get("user-agent") ?? ""),
    app: page(remixContext, request.url, nonce),
  };
  return nodeRenderer ? renderWithNodeStreams(render) : renderWithWebStreams(render);
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logServerError(error);
}
