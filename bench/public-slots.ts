// The online booking page's slots on the large salon: GET /api/public/slots for "Anyone"
// over 31 days (20 stylists, a year of history, the month ahead booked as the seed books
// it), against the sign-in page in the same run. Goal: at most 3× the sign-in page.
// Prints figures; never fails on a budget.
//
//   npx remix vite:build && npx tsx bench/public-slots.ts [--samples=30] [--database=file:/tmp/large.db]
// Without --database it seeds 20 stylists and a year of history into a temporary file.
import { givenDatabase, median, percentile, requireBuild, seedLargeSalon, startSignedIn } from "./large-salon";
import { positiveIntOption } from "./options";

const GOAL_RATIO = 3;
// The public reads allow 120 a minute per address (app/utils/public-rate-limit.server.ts):
// the samples and their warm-ups stay under it.
const samples = Math.min(positiveIntOption("samples", 30), 50);

requireBuild();
const salon = await seedLargeSalon("public-slots", givenDatabase());
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

try {
  // Online booking on, and 31 days ahead bookable (the seed's limit is the default 30).
  await salon.db.execute(
    "update salon_settings set online_booking_enabled = 1, booking_advance_limit = max(booking_advance_limit, 31)",
  );
  // The service booked most: its slots are the ones a busy salon's clients ask for.
  const popular = await salon.db.execute(`
    select s.id, s.name, s.duration from services s join appointments a on a.service_id = s.id
    where s.is_active = 1 and s.online_bookable = 1 group by s.id order by count(*) desc limit 1`);
  const service = popular.rows[0]!;
  const stylist = await salon.db.execute(
    "select id from stylists where is_active = 1 and online_bookable = 1 order by id limit 1",
  );
  const today = new Date().toISOString().slice(0, 10);
  const last = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const anyone = `/api/public/slots?serviceId=${service.id}&from=${today}&to=${last}`;
  const one = `${anyone}&stylistId=${stylist.rows[0]!.id}`;

  const server = await startSignedIn(salon.databaseUrl);
  try {
    const get = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
      return { ms: performance.now() - started, body };
    };
    // Warm-up, then the three requests in turn so that each sample sees the same machine.
    for (const path of ["/auth", anyone, one]) await get(path);
    const times: Record<string, number[]> = { signIn: [], anyone: [], one: [] };
    let answer = "";
    let oneAnswer = "";
    for (let i = 0; i < samples; i += 1) {
      times.signIn!.push((await get("/auth")).ms);
      const slots = await get(anyone);
      times.anyone!.push(slots.ms);
      answer = slots.body;
      const single = await get(one);
      times.one!.push(single.ms);
      oneAnswer = single.body;
    }
    const slots = (JSON.parse(answer) as { slots: { stylistIds: number[] }[] }).slots;
    const offers = slots.reduce((sum, slot) => sum + slot.stylistIds.length, 0);
    const signIn = median(times.signIn!);
    const line = (label: string, list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const ratio = median(list) / signIn;
      return `${label.padEnd(44)} median ${ms(median(list))}  p90 ${ms(percentile(sorted, 90))}  = ${ratio.toFixed(2).padStart(5)}× sign-in`;
    };
    console.log(`\nService "${service.name}" (${service.duration} min), ${today} to ${last}, ${samples} samples each`);
    console.log(line("Sign-in page (/auth)", times.signIn!));
    console.log(line("GET /api/public/slots, one stylist, 31 days", times.one!));
    console.log(
      `  ${(JSON.parse(oneAnswer) as { slots: unknown[] }).slots.length} slots, ${(Buffer.byteLength(oneAnswer) / 1024).toFixed(1)} KB`,
    );
    console.log(line("GET /api/public/slots, Anyone, 31 days", times.anyone!));
    console.log(
      `  ${slots.length} slots offering ${offers} stylist-starts, ${(Buffer.byteLength(answer) / 1024).toFixed(1)} KB`,
    );
    const ratio = median(times.anyone!) / signIn;
    console.log(
      `\nAnyone over 31 days costs ${ratio.toFixed(2)}× the sign-in page (goal: at most ${GOAL_RATIO}×): ${ratio <= GOAL_RATIO ? "within the goal" : "OVER the goal"}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  salon.remove();
}
