// The salon's clock (decision 0075): every time on screen reads the same way, 12-hour
// ("9:00 AM", SPEC's, the default) or 24-hour ("13:00"). The signed-in layout's loader
// carries the setting; reading it here keeps it out of every other screen's JavaScript.
import { useRouteLoaderData } from "@remix-run/react";
import type { ClockFormat } from "#db/enums";

export function useClockFormat(): ClockFormat {
  return useRouteLoaderData<{ clockFormat?: ClockFormat }>("routes/_app")?.clockFormat ?? "12h";
}
