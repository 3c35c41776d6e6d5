import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { CLIENT_NAV, clientNavigation } from "~/lib/client-links";

/**
 * Follows the page's plain links marked for client-side navigation (PlainLink, or inside a
 * marked element), with one
 * listener on the window: it runs after the page's own click handlers (React listens on
 * the document), so a handler that took the click (a drag's drop) has prevented it.
 */
export function useClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      const marker = link?.closest(`[${CLIENT_NAV}]`)?.getAttribute(CLIENT_NAV) ?? null;
      const target = clientNavigation(event, link, marker, window.location.origin);
      if (!target) return;
      event.preventDefault();
      navigate(target.to, { preventScrollReset: target.preventScrollReset });
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [navigate]);
}
