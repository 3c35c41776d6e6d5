// `/` is the calendar too (SPEC §2); its dialogs open under /calendar.
export { action, default, loader, meta } from "./_app.calendar";
