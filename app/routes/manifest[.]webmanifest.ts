import { getGlobalSettings } from "~/domain/settings.server";

// The web app manifest (decision 0124): a tablet adds the salon to its home screen and opens
// the calendar full screen. No sign-in: the salon's name is on its public pages already.
export async function loader() {
  const { salonName } = await getGlobalSettings();
  const name = salonName.trim() || "Salon";
  const manifest = {
    id: "/calendar",
    name,
    short_name: name.length > 12 ? name.slice(0, 12).trimEnd() : name,
    description: `${name}: the salon's appointments, clients and day.`,
    start_url: "/calendar",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#ffffff",
    theme_color: "#9d174d",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "no-cache" },
  });
}
