// The Chromium the benchmarks drive: Debian's (no browser download), or CHROMIUM=, started
// with the flags every run on these machines uses.
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
