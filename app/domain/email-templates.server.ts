// Each e-mail's built-in wording, and its HTML part: the text part's paragraphs and details in a
// simple layout that reads on a phone and a desktop, every value HTML-escaped.
import {
  EMAIL_MESSAGES,
  renderEmailText,
  templateFields,
  type EmailLinks,
  type EmailMessage,
  type EmailTemplates,
} from "~/lib/email-template";
import type { TemplateValues } from "~/lib/sms-template";

/** The built-in wording, used while a field is blank. */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailMessage, { subject: string; text: string }> = {
  confirmation: {
    subject: "Your appointment at {salonName} on {appointmentDate}",
    text: "Hi {clientName},\n\nYour appointment is booked: {serviceName} with {stylistName} on {appointmentDate} at {appointmentTime}.\n\nWe look forward to seeing you.\n{salonName}",
  },
  change: {
    subject: "Your appointment at {salonName} has changed",
    text: "Hi {clientName},\n\nYour appointment has changed. It is now {serviceName} with {stylistName} on {appointmentDate} at {appointmentTime}.\n\n{salonName}",
  },
  cancellation: {
    subject: "Your appointment at {salonName} is cancelled",
    text: "Hi {clientName},\n\nYour appointment for {serviceName} with {stylistName} on {appointmentDate} at {appointmentTime} has been cancelled.\n\n{salonName}",
  },
  reminder: {
    subject: "Reminder: {serviceName} at {salonName} on {appointmentDate}",
    text: "Hi {clientName},\n\nThis is a reminder of your appointment: {serviceName} with {stylistName} on {appointmentDate} at {appointmentTime}.\n\nSee you soon,\n{salonName}",
  },
};

/** The templates with each blank field filled with the built-in wording. */
export function withDefaultTemplates(templates: Partial<EmailTemplates>): EmailTemplates {
  const filled = {} as EmailTemplates;
  for (const message of EMAIL_MESSAGES) {
    const fields = templateFields(message);
    filled[fields.subject] = templates[fields.subject]?.trim() || DEFAULT_EMAIL_TEMPLATES[message].subject;
    filled[fields.text] = templates[fields.text]?.trim() || DEFAULT_EMAIL_TEMPLATES[message].text;
  }
  return filled;
}

export type RenderedEmail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** One message filled in: subject, text part and HTML part. */
export function renderEmail(
  message: EmailMessage,
  templates: Partial<EmailTemplates>,
  values: TemplateValues,
  options: { timeZone: string } & EmailLinks,
): RenderedEmail {
  const { subject, text, body, details } = renderEmailText(message, withDefaultTemplates(templates), values, options);
  return {
    subject,
    text,
    html: emailHtml({ subject, body, details, salonName: values.salonName, message, ...options }),
  };
}

function emailHtml(parts: {
  subject: string;
  body: string;
  details: [string, string][];
  salonName: string;
  message: EmailMessage;
  manageUrl?: string | null;
  unsubscribeUrl?: string | null;
}): string {
  const paragraphs = parts.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f172a">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`,
    )
    .join("");
  const rows = parts.details
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;font-size:14px;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;font-size:14px;color:#0f172a">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const cancelled = parts.message === "cancellation";
  const manage =
    parts.manageUrl && !cancelled
      ? `<p style="margin:24px 0 0"><a href="${escapeHtml(parts.manageUrl)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:6px">Change or cancel</a></p>`
      : "";
  const unsubscribe = parts.unsubscribeUrl
    ? `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#475569">You get this reminder because you have an appointment with ${escapeHtml(parts.salonName)}. <a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#475569">No more reminders by e-mail</a>.</p>`
    : "";
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    "<body style=\"margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif\">",
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">',
    `<tr><td style="padding:20px 24px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:700;color:#0f172a">${escapeHtml(parts.salonName)}</td></tr>`,
    `<tr><td style="padding:24px">${paragraphs}`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-top:1px solid #e2e8f0;padding-top:8px;width:100%${cancelled ? ";text-decoration:line-through" : ""}">${rows}</table>`,
    `${manage}</td></tr></table>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px"><tr><td style="padding:0 24px">${unsubscribe}</td></tr></table>`,
    "</td></tr></table></body></html>",
  ].join("\n");
}
