// Pages rendered once for every screen with the same URL and data (docs/decisions/0089):
// which answers may be shared, one render for requests at the same time, each answer with
// its own nonce, and a new render when the data or the URL differ.
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { canShareRender, NONCE_PLACEHOLDER, sharedRender } from "~/utils/shared-render.server";

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      // In two chunks, as the loader data arrives.
      const bytes = new TextEncoder().encode(text);
      controller.enqueue(bytes.slice(0, 3));
      controller.enqueue(bytes.slice(3));
      controller.close();
    },
  });
}

function entryContext(
  data: string,
  options: { handle?: unknown; errors?: unknown; actionData?: unknown } = {},
): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/screen" } }],
      errors: options.errors ?? null,
      actionData: options.actionData ?? null,
    },
    routeModules: {
      root: {},
      "routes/screen": { handle: "handle" in options ? options.handle : { renderOnce: true } },
    },
    serverHandoffStream: streamOf(data),
  } as unknown as EntryContext;
}

/** A render that draws the data it reads back from the context, as Remix's scripts do. */
function counting() {
  const calls = { count: 0 };
  const render = (context: EntryContext) => async () => {
    calls.count += 1;
    const data = await new Response(context.serverHandoffStream).text();
    await new Promise((resolve) => setTimeout(resolve, 10));
    return `<main>${data}</main><script nonce="${NONCE_PLACEHOLDER}"></script><style nonce="${NONCE_PLACEHOLDER}"></style>`;
  };
  return { calls, render };
}

describe("which answers are shared", () => {
  it("only an opted-in screen's 200 without errors or an action's data", () => {
    expect(canShareRender(entryContext("{}"), 200)).toBe(true);
    expect(canShareRender(entryContext("{}"), 404)).toBe(false);
    expect(canShareRender(entryContext("{}", { handle: undefined }), 200)).toBe(false);
    expect(canShareRender(entryContext("{}", { handle: { renderOnce: false } }), 200)).toBe(false);
    expect(canShareRender(entryContext("{}", { errors: { "routes/screen": new Error("x") } }), 200)).toBe(false);
    expect(canShareRender(entryContext("{}", { actionData: { "routes/screen": { ok: true } } }), 200)).toBe(false);
  });
});

describe("a shared render", () => {
  it("renders once for requests at the same time, each answer with its own nonce", async () => {
    const { calls, render } = counting();
    const nonces = Array.from({ length: 10 }, (_, index) => `nonce${index}`);
    const pages = await Promise.all(
      nonces.map((nonce) => {
        const context = entryContext('{"day":"2031-05-14","blocks":[1,2,3]}');
        return sharedRender("http://salon.test/calendar?view=day", context, nonce, render(context)).then(String);
      }),
    );
    expect(calls.count).toBe(1);
    pages.forEach((page, index) => {
      expect(page).toBe(
        `<main>{"day":"2031-05-14","blocks":[1,2,3]}</main><script nonce="nonce${index}"></script><style nonce="nonce${index}"></style>`,
      );
      expect(page).not.toContain(NONCE_PLACEHOLDER);
    });
  });

  it("renders again when the data or the URL differ", async () => {
    const { calls, render } = counting();
    const ask = (url: string, data: string) => {
      const context = entryContext(data);
      return sharedRender(url, context, "n", render(context)).then(String);
    };
    await ask("http://salon.test/calendar?view=week", '{"count":1}');
    await ask("http://salon.test/calendar?view=week", '{"count":1}');
    expect(calls.count).toBe(1);
    expect(await ask("http://salon.test/calendar?view=week", '{"count":2}')).toBe(
      '<main>{"count":2}</main><script nonce="n"></script><style nonce="n"></style>',
    );
    expect(calls.count).toBe(2);
    await ask("http://salon.test/calendar?view=month", '{"count":2}');
    expect(calls.count).toBe(3);
  });

  it("keeps no failed render", async () => {
    const context = entryContext('{"failing":true}');
    await expect(
      sharedRender("http://salon.test/calendar", context, "n", () => Promise.reject(new Error("render failed"))),
    ).rejects.toThrow("render failed");
    const again = entryContext('{"failing":true}');
    expect(String(await sharedRender("http://salon.test/calendar", again, "n", async () => "drawn"))).toBe("drawn");
  });
});
