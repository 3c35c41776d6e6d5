import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, MAX_PAGE_SIZE, PAGE_SIZE, pageHrefs, readPageParams } from "./paging";

const read = (query: string, options?: Parameters<typeof readPageParams>[1]) =>
  readPageParams(new URLSearchParams(query), options);

describe("cursors", () => {
  it("round-trip a key, accents and all, as URL-safe text", () => {
    const cursor = encodeCursor(["Océane Ø'Brien/+?", 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(["Océane Ø'Brien/+?", 42]);
  });

  it("read anything that is not one of ours as no cursor", () => {
    for (const text of ["", "not a cursor!", "eyJhIjoxfQ", "%%%", "x".repeat(401), btoa("[1,2").replace(/=+$/, "")])
      expect(decodeCursor(text), text).toBeNull();
  });
});

describe("readPageParams", () => {
  it("defaults the limit, and takes a whole number up to the maximum", () => {
    expect(read("")).toEqual({ ok: true, page: { limit: PAGE_SIZE, after: null } });
    expect(read(`limit=${MAX_PAGE_SIZE}&cursor=abc`)).toEqual({
      ok: true,
      page: { limit: MAX_PAGE_SIZE, after: "abc" },
    });
    expect(read("limit=7", { defaultLimit: 10, maxLimit: 10 })).toEqual({ ok: true, page: { limit: 7, after: null } });
  });

  it("refuses a limit over the maximum, zero, negative or not a plain number", () => {
    for (const limit of [String(MAX_PAGE_SIZE + 1), "0", "-1", "1e2", "0x10", " 5", "5.0", "", "99999999"]) {
      expect(read(`limit=${encodeURIComponent(limit)}`), limit).toEqual({
        ok: false,
        field: "limit",
        message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
      });
    }
    expect(read("limit=11", { maxLimit: 10 }).ok).toBe(false);
  });

  it("refuses an overlong cursor before anyone decodes it", () => {
    expect(read(`cursor=${"a".repeat(401)}`)).toMatchObject({ ok: false, field: "cursor" });
  });
});

describe("pageHrefs", () => {
  it("keeps the other parameters and replaces or drops the cursor", () => {
    expect(pageHrefs("http://x/api/clients?q=ann&limit=2", "NEXT")).toEqual({
      firstHref: null,
      nextHref: "/api/clients?q=ann&limit=2&cursor=NEXT",
    });
    expect(pageHrefs("/gdpr?tab=exports&cursor=OLD", "NEW")).toEqual({
      firstHref: "/gdpr?tab=exports",
      nextHref: "/gdpr?tab=exports&cursor=NEW",
    });
    expect(pageHrefs("/calendar/upcoming?cursor=OLD", null)).toEqual({
      firstHref: "/calendar/upcoming",
      nextHref: null,
    });
  });
});
