// On a phone the day grid shows about two stylists at a time: a row of names that jump
// to a stylist's column (a plain anchor without JavaScript; with it, a sideways scroll
// that keeps the time of day in view).
export function StylistSwitcher({ stylists }: { stylists: { id: number; name: string }[] }) {
  return (
    <nav
      aria-label="Stylists"
      className="flex gap-1 overflow-x-auto border-b border-slate-200 bg-white px-2 py-1.5 md:hidden"
    >
      {stylists.map((stylist) => (
        <a
          key={stylist.id}
          href={`#stylist-${stylist.id}`}
          className="chip"
          onClick={(event) => {
            const column = document.getElementById(`stylist-${stylist.id}`);
            const scroller = column?.closest<HTMLElement>("[data-testid=calendar-scroller]");
            const timeColumn = scroller?.querySelector<HTMLElement>("[data-testid=day-grid] > div > div:nth-child(1)");
            if (!column || !scroller) return;
            event.preventDefault();
            scroller.scrollTo({ left: column.offsetLeft - (timeColumn?.offsetWidth ?? 0), behavior: "smooth" });
          }}
        >
          {stylist.name.split(/\s+/)[0]}
        </a>
      ))}
    </nav>
  );
}
