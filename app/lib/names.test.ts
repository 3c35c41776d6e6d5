import { describe, expect, it } from "vitest";
import { foldName } from "./names";

describe("foldName", () => {
  it("ignores case, accents and extra spaces", () => {
    expect(foldName("  Cárla   CRUZ ")).toBe("carla cruz");
    expect(foldName("Zoë Ångström")).toBe(foldName("zoe angstrom"));
    // Written with a combining accent instead of a precomposed letter.
    expect(foldName("Jose\u0301")).toBe(foldName("José"));
  });

  it("keeps different names apart", () => {
    expect(foldName("Carla Cruz")).not.toBe(foldName("Carla Cruise"));
  });
});
