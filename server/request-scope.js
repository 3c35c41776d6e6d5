// One memo per request, for work several loaders of a page would each repeat (the
// signed-in user's lookup): Remix runs a page's loaders in parallel, each with its own copy
// of the Request, so nothing on the Request can hold it. The servers run every GET and HEAD
// request inside a scope; other requests (whose action may change what the loaders then
// read) and code called without a server (tests calling loaders) get no memo and do the
// work each time. Timers and streams started while handling a request stay in its scope,
// so only memoise what cannot change during a request: a long-lived stream that looks the
// user up again later must not use this.
import { AsyncLocalStorage } from "node:async_hooks";

// The server build bundles its own copy of this file: both copies share one storage.
const KEY = Symbol.for("salon.requestScope");
const shared = /** @type {Record<symbol, AsyncLocalStorage<Map<string, unknown>> | undefined>} */ (globalThis);
const storage = (shared[KEY] ??= new AsyncLocalStorage());

/**
 * Runs `handle` inside a fresh scope when `method` only reads (GET, HEAD).
 * @template T
 * @param {string} method
 * @param {() => T} handle
 * @returns {T}
 */
export function inRequestScope(method, handle) {
  return method === "GET" || method === "HEAD" ? storage.run(new Map(), handle) : handle();
}

/**
 * The value `compute` gives for `key`, computed once per request scope; outside a scope,
 * computed on every call.
 * @template T
 * @param {string} key
 * @param {() => T} compute
 * @returns {T}
 */
export function oncePerRequest(key, compute) {
  const memo = storage.getStore();
  if (!memo) return compute();
  if (memo.has(key)) return /** @type {T} */ (memo.get(key));
  const value = compute();
  memo.set(key, value);
  return value;
}
