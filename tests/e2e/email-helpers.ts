// What the e-mail specs need: a real SMTP server on a local port, and a way back to e-mail
// turned off, so other specs sharing the database never queue e-mails.
import { apiCall, apiToken } from "./services-helpers";

export async function turnEmailOff() {
  const token = await apiToken();
  await apiCall(token, "POST", "/api/salon-settings", { emailEnabled: false, smtpHost: "", emailFrom: "" });
}
