import { describe, expect, it } from "vitest";
import { KeptPromises } from "./kept-promises";

describe("kept promises", () => {
  it("shares a key's promise while its version holds, and computes again for a new version", async () => {
    const kept = new KeptPromises<number>(4);
    let computed = 0;
    const compute = async () => (computed += 1);
    expect(await kept.get("day", 1, compute)).toBe(1);
    expect(await kept.get("day", 1, compute)).toBe(1);
    expect(await kept.get("day", 2, compute)).toBe(2);
    expect(computed).toBe(2);
  });

  it("keeps at most its bound, dropping the least recently used key", async () => {
    const kept = new KeptPromises<string>(2);
    let computed = 0;
    const compute = (value: string) => async () => ((computed += 1), value);
    await kept.get("a", 0, compute("a"));
    await kept.get("b", 0, compute("b"));
    await kept.get("a", 0, compute("a"));
    await kept.get("c", 0, compute("c"));
    expect(computed).toBe(3);
    await kept.get("a", 0, compute("a"));
    expect(computed).toBe(3);
    await kept.get("b", 0, compute("b"));
    expect(computed).toBe(4);
  });

  it("keeps no failure", async () => {
    const kept = new KeptPromises<string>(2);
    await expect(kept.get("x", 0, () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await kept.get("x", 0, async () => "ok")).toBe("ok");
  });
});
