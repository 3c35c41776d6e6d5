// SPEC §5 and §9 limits for services and per-stylist pricing. No Zod here, so screens can
// import them without shipping the validation library to the browser.
export const SERVICE_DURATION = { min: 15, max: 480, default: 30 } as const;
export const PRICING_DURATION = { min: 1, max: 480 } as const;
/** £10,000: well above any salon service, well inside SQLite's integers. */
export const MAX_PRICE_PENCE = 1_000_000;

/** Minutes kept free after a service before the next online booking. */
export const BUFFER_MINUTES = { min: 0, max: 120 } as const;

/**
 * Processing time (decision 0111): minutes in quarter hours, the grid's step, so the free
 * part is a whole number of bookable slots. It lies inside the duration with active work
 * after it: `processingAfterMinutes + processingMinutes < duration`.
 */
export const PROCESSING_MINUTES = { min: 0, max: 240, step: 15 } as const;

/** The free part of a booking as [from, to) minutes after its start, or null when it has none or it does not fit `length` minutes. */
export function processingWindow(
  processing: { afterMinutes: number | null; minutes: number | null },
  length: number,
): { from: number; to: number } | null {
  const after = processing.afterMinutes ?? 0;
  const minutes = processing.minutes ?? 0;
  if (minutes <= 0 || after < 0 || after + minutes >= length) return null;
  return { from: after, to: after + minutes };
}

/**
 * The parts of a booking its stylist works through, in epoch ms: all of it, or the parts
 * before and after its processing, which leaves the stylist free (decision 0111).
 */
export function activeParts(
  start: number,
  end: number,
  processing: { processingAfterMinutes: number | null; processingMinutes: number | null },
): { start: number; end: number }[] {
  const window = processingWindow(
    { afterMinutes: processing.processingAfterMinutes, minutes: processing.processingMinutes },
    (end - start) / 60_000,
  );
  if (!window) return [{ start, end }];
  return [
    { start, end: start + window.from * 60_000 },
    { start: start + window.to * 60_000, end },
  ].filter((part) => part.end > part.start);
}

/** Patch tests (decision 0126): days a passed test stays valid, hours before the appointment it must be done. */
export const PATCH_TEST_VALID_DAYS = { min: 1, max: 3650, default: 180 } as const;
export const PATCH_TEST_LEAD_HOURS = { min: 0, max: 720, default: 48 } as const;
