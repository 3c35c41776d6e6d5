// The patched @remix-run/router (patches/, decision 0088) keeps compiled paths, and without a
// DOM the flattened route branches per routes array. These check that matching still sees
// every route: after routes are patched in, and for look-alike paths differing only in case
// or in where they may end.
import { createMemoryHistory, createRouter, matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

describe("patched route matching", () => {
  it("the patch is applied (patch-package runs on install)", async () => {
    const { readFile } = await import("node:fs/promises");
    const { createRequire } = await import("node:module");
    const require = createRequire(import.meta.url);
    for (const file of ["@remix-run/router/dist/router.cjs.js", "@remix-run/router/dist/router.js"]) {
      expect(await readFile(require.resolve(file), "utf8")).toContain("function flattenRankedRoutes(routes)");
    }
  });

  it("finds routes that lazy route discovery patches into the routes array it is matching", async () => {
    // During a navigation the router patches children into the same array it matched
    // before (and matches again), as the browser's lazy route discovery does.
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }],
      history: createMemoryHistory(),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path.startsWith("/b/")) patch("root", [{ id: "b", path: "b/:id" }]);
      },
    });
    router.initialize();
    const ids = () => router.state.matches.map((match) => match.route.id);
    await router.navigate("/a");
    expect(ids()).toEqual(["root", "a"]);
    await router.navigate("/b/1");
    expect(ids()).toEqual(["root", "b"]);
    expect(router.state.errors).toBeNull();
    router.patchRoutes(null, [{ id: "top", path: "/top" }]);
    expect(matchRoutes(router.routes, "/top")?.map((match) => match.route.id)).toEqual(["top"]);
    router.dispose();
  });

  it("a new routes array is flattened afresh", () => {
    const routes: AgnosticRouteObject[] = [{ id: "x", path: "/x" }];
    expect(matchRoutes(routes, "/x")?.[0]?.route.id).toBe("x");
    expect(matchRoutes([{ id: "y", path: "/y" }], "/x")).toBeNull();
  });

  it("keeps case sensitivity and end apart in compiled paths", () => {
    expect(matchPath({ path: "/Calendar", caseSensitive: true, end: true }, "/calendar")).toBeNull();
    expect(matchPath({ path: "/Calendar", caseSensitive: false, end: true }, "/calendar")?.pathname).toBe("/calendar");
    expect(matchPath({ path: "/calendar", end: true }, "/calendar/day")).toBeNull();
    expect(matchPath({ path: "/calendar", end: false }, "/calendar/day")?.pathnameBase).toBe("/calendar");
    expect(matchPath("/clients/:id", "/clients/7")?.params).toEqual({ id: "7" });
    expect(matchPath("/clients/:id", "/clients/8")?.params).toEqual({ id: "8" });
  });
});
