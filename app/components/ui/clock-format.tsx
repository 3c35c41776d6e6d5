// The salon's clock (decision 0075): every time on screen reads the same way, 12-hour
// ("9:00 AM", SPEC's, the default) or 24-hour ("13:00"). The signed-in layout provides it.
import { createContext, useContext } from "react";
import type { ClockFormat } from "#db/enums";

const ClockFormatContext = createContext<ClockFormat>("12h");

export const ClockFormatProvider = ClockFormatContext.Provider;

export function useClockFormat(): ClockFormat {
  return useContext(ClockFormatContext);
}
