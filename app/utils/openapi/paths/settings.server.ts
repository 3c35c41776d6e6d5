import { partialUpdate } from "~/lib/schemas/partial-update";
import { SalonSettingsSchema } from "~/lib/schemas/settings";
import { GlobalSettingsView, SalonSettingsView } from "~/lib/schemas/views/settings";
import type { getGlobalSettings, SalonSettingsView as SalonSettings } from "~/domain/settings.server";
import { answerFits, type ApiArea } from "../registry.server";

export const settingsArea: ApiArea = {
  tag: "Settings",
  description: "The salon's settings.",
  operations: [
    {
      method: "get",
      path: "/api/salon-settings",
      summary: "The salon's settings (administrators)",
      answers: { 200: { description: "The settings; the SMS secret is never sent back.", schema: SalonSettingsView } },
      errors: [403],
    },
    {
      method: "post",
      path: "/api/salon-settings",
      summary: "Change the salon's settings: the fields sent; the others keep their stored values",
      body: partialUpdate(SalonSettingsSchema.innerType()),
      answers: { 200: { description: "The settings as saved.", schema: SalonSettingsView } },
      errors: [400, 403],
    },
    {
      method: "get",
      path: "/api/salon-settings/global",
      summary: "What every screen needs: the salon's name, time zone, hours, clock format and country",
      answers: { 200: { description: "The global settings.", schema: GlobalSettingsView } },
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof SalonSettingsView, SalonSettings>();
answerFits<typeof GlobalSettingsView, Awaited<ReturnType<typeof getGlobalSettings>>>();
