/**
 * A value made on its first use, then kept. For `Intl` formatters shared by a module: the
 * first one a page makes loads the browser's locale data, tens of milliseconds on a slow
 * tablet, which at a module's top level lands in the task that starts every screen.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
