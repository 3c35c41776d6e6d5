export { loader, default } from "./_app.calendar";
