// The salon's clock (decision 0075): every time on screen reads the same way, 12-hour
// ("9:00 AM", SPEC's, the default) or 24-hour ("13:00"). The signed-in layout's loader
// carries the setting and provides it here; reading it here keeps it out of every other
// screen's JavaScript. A context of its own (not the router's loader data) so that a time
// on screen renders again only when the setting changes, not on every navigation: the Day
// view draws hundreds of them (decision 0121).
import { createContext, useContext, type ReactNode } from "react";
import type { ClockFormat } from "#db/enums";

const ClockFormatContext = createContext<ClockFormat>("12h");

export function ClockFormatProvider({ value, children }: { value: ClockFormat | undefined; children: ReactNode }) {
  return <ClockFormatContext.Provider value={value ?? "12h"}>{children}</ClockFormatContext.Provider>;
}

export function useClockFormat(): ClockFormat {
  return useContext(ClockFormatContext);
}
