// What each server adapter (Node and Deno) passes to loaders and actions.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    clientAddress: string;
    cspNonce: string;
  }
}
declare module "@remix-run/node" {
  interface AppLoadContext {
    clientAddress: string;
    cspNonce: string;
  }
}
export {};
