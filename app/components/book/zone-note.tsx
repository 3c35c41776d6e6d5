// Times on the booking pages are the salon's. The zone is named in small print; with
// JavaScript, when the device is set to another zone, a notice says so plainly.
import { useEffect, useState } from "react";

export function ZoneNote({ timeZone }: { timeZone: string }) {
  const [deviceZone, setDeviceZone] = useState<string | null>(null);
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== timeZone) setDeviceZone(zone);
  }, [timeZone]);
  if (deviceZone)
    return (
      <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
        Times are the salon&rsquo;s local time ({timeZone.replace(/_/g, " ")}). Your device is set to{" "}
        {deviceZone.replace(/_/g, " ")}.
      </p>
    );
  return (
    <p className="text-xs text-slate-600">Times are the salon&rsquo;s local time ({timeZone.replace(/_/g, " ")}).</p>
  );
}
