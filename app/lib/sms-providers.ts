// The SMS providers of SPEC §9: each one's name and the price of one message (one
// segment). The one list that the settings forms, the status card, the message log, the
// cost estimate and the sender all read.
import { SMS_PROVIDERS, type SmsProvider } from "#db/enums";

type ProviderDetails = { name: string; costPerMessage: number; recommended: boolean };

/** In pounds per message; Plivo is the recommended one. */
export const SMS_PROVIDER_DETAILS = {
  plivo: { name: "Plivo", costPerMessage: 0.0035, recommended: true },
  twilio: { name: "Twilio", costPerMessage: 0.0463, recommended: false },
  messagebird: { name: "MessageBird", costPerMessage: 0.045, recommended: false },
} as const satisfies Record<SmsProvider, ProviderDetails>;

export function providerName(provider: SmsProvider): string {
  return SMS_PROVIDER_DETAILS[provider].name;
}

/** The provider select's options, in SPEC order: "Plivo (£0.0035 per message, recommended)". */
export const SMS_PROVIDER_OPTIONS: readonly { value: SmsProvider; label: string }[] = SMS_PROVIDERS.map((value) => {
  const { name, costPerMessage, recommended } = SMS_PROVIDER_DETAILS[value];
  return { value, label: `${name} (£${costPerMessage} per message${recommended ? ", recommended" : ""})` };
});
