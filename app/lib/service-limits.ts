// SPEC §5 and §9 limits for services and per-stylist pricing. No Zod here, so screens can
// import them without shipping the validation library to the browser.
export const SERVICE_DURATION = { min: 15, max: 480, default: 30 } as const;
export const PRICING_DURATION = { min: 1, max: 480 } as const;
/** £10,000: well above any salon service, well inside SQLite's integers. */
export const MAX_PRICE_PENCE = 1_000_000;

/** Minutes kept free after a service before the next online booking. */
export const BUFFER_MINUTES = { min: 0, max: 120 } as const;
