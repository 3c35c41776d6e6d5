// `/` is the calendar too (SPEC §2); its dialogs open under /calendar. It takes the
// calendar's revalidation rule and error boundary with everything else.
export { action, default, ErrorBoundary, loader, meta, shouldRevalidate } from "./_app.calendar";
