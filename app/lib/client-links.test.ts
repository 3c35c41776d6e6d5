import { describe, expect, it } from "vitest";
import { clientNavigation } from "./client-links";

const ORIGIN = "https://salon.test";
const click = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
function link(href: string, { target = "", download = false } = {}) {
  return { href: new URL(href, ORIGIN).href, target, hasAttribute: (name: string) => name === "download" && download };
}

describe("clientNavigation", () => {
  it("follows a plain left click on a marked link on the client, with its query and hash", () => {
    expect(clientNavigation(click, link("/calendar?view=week&date=2031-01-06#now"), "", ORIGIN)).toEqual({
      to: "/calendar?view=week&date=2031-01-06#now",
      preventScrollReset: false,
    });
  });

  it("keeps the scroll position when the marker asks", () => {
    expect(clientNavigation(click, link("/calendar/appointments/7"), "keep-scroll", ORIGIN)).toEqual({
      to: "/calendar/appointments/7",
      preventScrollReset: true,
    });
  });

  it("leaves to the browser an unmarked link and what a <Link> leaves to it", () => {
    const marked = link("/clients");
    expect(clientNavigation(click, marked, null, ORIGIN)).toBeNull();
    expect(clientNavigation(click, null, "", ORIGIN)).toBeNull();
    expect(clientNavigation({ ...click, defaultPrevented: true }, marked, "", ORIGIN)).toBeNull();
    expect(clientNavigation({ ...click, button: 1 }, marked, "", ORIGIN)).toBeNull();
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const)
      expect(clientNavigation({ ...click, [key]: true }, marked, "", ORIGIN)).toBeNull();
    expect(clientNavigation(click, link("/clients", { target: "_blank" }), "", ORIGIN)).toBeNull();
    expect(clientNavigation(click, link("/reports.csv", { download: true }), "", ORIGIN)).toBeNull();
    expect(clientNavigation(click, link("https://elsewhere.test/clients"), "", ORIGIN)).toBeNull();
  });
});
