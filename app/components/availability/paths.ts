/** The availability page a dialog belongs to, keeping an admin's chosen stylist (`?stylist=`). */
export function availabilityPath(request: Request): string {
  const stylist = new URL(request.url).searchParams.get("stylist");
  return stylist ? `/availability?${new URLSearchParams({ stylist })}` : "/availability";
}
