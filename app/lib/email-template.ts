// E-mails to clients: each message's subject and text, with the SPEC §9 variables filled
// by the same code as the SMS reminder (renderTemplate). Isomorphic: the Reminders screen
// previews with the code the sender uses; the HTML part is email-templates.server.ts's.
import { renderTemplate, type TemplateValues } from "./sms-template";

export const EMAIL_MESSAGES = ["confirmation", "change", "cancellation", "reminder"] as const;
export type EmailMessage = (typeof EMAIL_MESSAGES)[number];

export const EMAIL_MESSAGE_LABELS: Record<EmailMessage, string> = {
  confirmation: "Booking confirmation",
  change: "Change (time, stylist or service)",
  cancellation: "Cancellation",
  reminder: "Reminder",
};

type Capitalised<T extends string> = T extends `${infer First}${infer Rest}` ? `${Uppercase<First>}${Rest}` : T;
export type EmailTemplateField = `email${Capitalised<EmailMessage>}${"Subject" | "Text"}`;

/** The settings' field names of one message's subject and text. */
export function templateFields(message: EmailMessage): { subject: EmailTemplateField; text: EmailTemplateField } {
  const name = (message[0]!.toUpperCase() + message.slice(1)) as Capitalised<EmailMessage>;
  return { subject: `email${name}Subject`, text: `email${name}Text` };
}

export type EmailTemplates = Record<EmailTemplateField, string>;

export type EmailLinks = {
  /** Where the client changes or cancels an online booking (when there is one). */
  manageUrl?: string | null;
  /** The one-click unsubscribe page (reminders). */
  unsubscribeUrl?: string | null;
};

/** A message's subject and text part, and the pieces its HTML part is built from (email-templates.server.ts). */
export type RenderedText = {
  subject: string;
  text: string;
  body: string;
  details: [string, string][];
};

/**
 * One message's subject and text filled in (the screen's preview and the sender). `timeZone`
 * is named beside the time, so a client in another zone reads it right.
 */
export function renderEmailText(
  message: EmailMessage,
  templates: Partial<EmailTemplates>,
  values: TemplateValues,
  options: { timeZone: string } & EmailLinks,
): RenderedText {
  const fields = templateFields(message);
  // Blank fields are filled with the built-in wording before this (email-templates.server.ts).
  const subjectTemplate = templates[fields.subject]?.trim() ?? "";
  const textTemplate = templates[fields.text]?.trim() ?? "";
  // A line break in the subject (a value stored before they were refused) is refused by the sender.
  const subject = renderTemplate(subjectTemplate, values).trim();
  const body = renderTemplate(textTemplate, values);
  const when = `${values.appointmentDate} at ${values.appointmentTime} (${options.timeZone} time)`;
  const details: [string, string][] = [
    ["When", when],
    ["Service", values.serviceName],
    ["Stylist", values.stylistName],
  ];
  const textLines = [
    body,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(options.manageUrl && message !== "cancellation" ? ["", `Change or cancel: ${options.manageUrl}`] : []),
    ...(options.unsubscribeUrl ? ["", `No more reminders by e-mail: ${options.unsubscribeUrl}`] : []),
  ];
  return { subject, text: textLines.join("\n"), body, details };
}
