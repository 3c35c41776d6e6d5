// The salon's clock setting for one spec file, put back to SPEC's 12-hour default after it,
// so other specs sharing the server's database see the default.
import { expect, test } from "@playwright/test";
import { apiCall, apiToken } from "./services-helpers";

export function useClock(clockFormat: "12h" | "24h") {
  const save = async (value: "12h" | "24h") => {
    const saved = await apiCall(await apiToken(), "POST", "/api/salon-settings", { clockFormat: value });
    expect(saved.status).toBe(200);
  };
  test.beforeAll(() => save(clockFormat));
  test.afterAll(() => save("12h"));
}
