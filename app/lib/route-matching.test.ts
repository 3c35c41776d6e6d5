// The route matcher as patched by patches/@remix-run+router+*.patch (decision 0133): its
// branches and compiled paths are kept between matches, so these check that matching still
// answers as before, also after routes are added in place and for paths differing only in
// letter case or trailing segment.
import { createMemoryHistory, createRouter, matchPath, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      {
        id: "calendar",
        path: "calendar",
        children: [
          { id: "new", path: "appointments/new" },
          { id: "appointment", path: "appointments/:appointmentId" },
        ],
      },
      { id: "client", path: "clients/:clientId/edit" },
      { id: "case", path: "Exact", caseSensitive: true },
      { id: "files", path: "files/*" },
    ],
  },
];

const ids = (path: string) => matchRoutes(routes, path)?.map((match) => match.route.id) ?? null;

describe("route matching (patched)", () => {
  it("answers the same on every call: static beats dynamic, params are read", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/calendar/appointments/new")).toEqual(["root", "calendar", "new"]);
      expect(ids("/calendar/appointments/42")).toEqual(["root", "calendar", "appointment"]);
      expect(matchRoutes(routes, "/calendar/appointments/42")?.at(-1)?.params).toEqual({ appointmentId: "42" });
      expect(ids("/clients/7/edit")).toEqual(["root", "client"]);
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/nowhere/at/all")).toBeNull();
    }
  });

  it("keeps case sensitivity and splats apart for one path", () => {
    expect(ids("/Exact")).toEqual(["root", "case"]);
    expect(ids("/exact")).toBeNull();
    expect(matchPath({ path: "/exact", caseSensitive: false, end: true }, "/EXACT")).not.toBeNull();
    expect(matchPath({ path: "/exact", caseSensitive: true, end: true }, "/EXACT")).toBeNull();
    expect(matchPath({ path: "/exact", caseSensitive: false, end: false }, "/exact/more")).not.toBeNull();
    expect(matchPath({ path: "/exact", caseSensitive: false, end: true }, "/exact/more")).toBeNull();
    expect(matchRoutes(routes, "/files/a/b")?.at(-1)?.params["*"]).toBe("a/b");
  });

  it("matches routes added to a router after it has matched", () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory(),
    });
    const before = router.routes;
    expect(matchRoutes(before, "/later")).toBeNull();
    router.patchRoutes("root", [{ id: "later", path: "later" }]);
    expect(matchRoutes(router.routes, "/later")?.map((match) => match.route.id)).toEqual(["root", "later"]);
    // The earlier tree's root gained the child in place: its branches are worked out again.
    expect(matchRoutes(before, "/later")?.map((match) => match.route.id)).toEqual(["root", "later"]);
    router.dispose();
  });
});
