import type { AnchorHTMLAttributes } from "react";
import { CLIENT_NAV } from "~/lib/client-links";

type PlainLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  /** Keep the page's scroll position, as <Link preventScrollReset>. */
  preventScrollReset?: boolean;
};

/**
 * A link for screens drawn often (the menu, the calendar's header and panel): a plain <a>
 * with no router hook, followed on the client by the page's one listener (useClientLinks).
 * Decision 0131.
 */
export function PlainLink({ to, preventScrollReset, ...rest }: PlainLinkProps) {
  return <a {...rest} href={to} {...{ [CLIENT_NAV]: preventScrollReset ? "keep-scroll" : "" }} />;
}
