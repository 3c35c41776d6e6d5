import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServicesEmptyState } from "./services-empty-state";

describe("ServicesEmptyState", () => {
  it("invites a salon without services to add the first one", () => {
    const html = renderToStaticMarkup(<ServicesEmptyState searching={false} />);
    expect(html).toContain("No services found");
    expect(html).toContain("Get started by adding your first service.");
    expect(html).not.toContain("No services match your search.");
  });

  it("says when a search matches nothing", () => {
    const html = renderToStaticMarkup(<ServicesEmptyState searching />);
    expect(html).toContain("No services found");
    expect(html).toContain("No services match your search.");
    expect(html).not.toContain("Get started");
  });
});
