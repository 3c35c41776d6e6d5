// Revenue (bars, left axis) and appointments (line, right axis) over the report's period,
// drawn as SVG on the server: no chart library and no JavaScript. Screen readers get a
// title, a summary and a table of the same numbers.
import { useId } from "react";
import { formatPence } from "~/lib/money";
import type { ChartBucket } from "~/lib/report-period";
import { shortDate } from "./format";

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 44, bottom: 44, left: 64 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

/** A round axis maximum (1, 2 or 5 times a power of ten) at or above `value`, split into 4 ticks. */
function niceMax(value: number): number {
  if (value <= 0) return 4;
  const step = value / 4;
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= step)! * power;
  return Math.max(4, Math.ceil(nice) * 4);
}

const UNIT_LABEL = { day: "day", week: "week", month: "30 days" } as const;

function bucketLabel(bucket: ChartBucket): string {
  return bucket.from === bucket.to ? shortDate(bucket.from) : `${shortDate(bucket.from)} – ${shortDate(bucket.to)}`;
}

export function RevenueChart({ buckets, unit }: { buckets: ChartBucket[]; unit: "day" | "week" | "month" }) {
  const id = useId();
  const revenueMax = niceMax(Math.max(0, ...buckets.map((bucket) => bucket.revenue)));
  const countMax = niceMax(Math.max(0, ...buckets.map((bucket) => bucket.appointments)));
  const slot = PLOT_W / Math.max(1, buckets.length);
  const barWidth = Math.max(1, Math.min(28, slot * 0.7));
  const x = (index: number) => MARGIN.left + slot * index + slot / 2;
  const yRevenue = (pence: number) => MARGIN.top + PLOT_H - (pence / revenueMax) * PLOT_H;
  const yCount = (count: number) => MARGIN.top + PLOT_H - (count / countMax) * PLOT_H;
  const ticks = [0, 1, 2, 3, 4];
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 7));
  const total = buckets.reduce((sum, bucket) => sum + bucket.revenue, 0);
  const busiest = buckets.reduce<ChartBucket | null>(
    (best, bucket) => (bucket.revenue > (best?.revenue ?? 0) ? bucket : best),
    null,
  );
  const line = buckets
    .map(
      (bucket, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${yCount(bucket.appointments).toFixed(1)}`,
    )
    .join(" ");
  const per = UNIT_LABEL[unit];

  return (
    <figure aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sr-only">
        Revenue and appointments per {per}
      </figcaption>
      <div className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-brand-600" /> Revenue (£, left axis)
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-slate-800" /> Appointments (right axis)
        </span>
      </div>
      {/* Sideways scrolling on a phone keeps the labels readable; focusable so keyboards can scroll it.
          row-reverse opens it scrolled to its newest end (today), with or without JavaScript. */}
      <div
        className="flex flex-row-reverse overflow-x-auto"
        tabIndex={0}
        role="group"
        aria-label={`Chart of revenue and appointments per ${per}`}
      >
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[560px] shrink-0"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{`Revenue and appointments per ${per}`}</title>
          <desc id={`${id}-desc`}>
            {`Total revenue ${formatPence(total)}.${
              busiest
                ? ` Highest: ${formatPence(busiest.revenue)} on ${bucketLabel(busiest)}.`
                : " No revenue in this period."
            } The table that follows lists every ${per}.`}
          </desc>
          {ticks.map((tick) => {
            const y = MARGIN.top + PLOT_H - (tick / 4) * PLOT_H;
            return (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={WIDTH - MARGIN.right}
                  y1={y}
                  y2={y}
                  className="stroke-slate-200"
                  strokeWidth={1}
                />
                <text x={MARGIN.left - 8} y={y} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px]">
                  {formatPence((revenueMax / 4) * tick).replace(".00", "")}
                </text>
                <text x={WIDTH - MARGIN.right + 8} y={y} dy="0.32em" className="fill-slate-600 text-[11px]">
                  {(countMax / 4) * tick}
                </text>
              </g>
            );
          })}
          {buckets.map((bucket, index) => (
            <rect
              key={bucket.from}
              x={x(index) - barWidth / 2}
              y={yRevenue(bucket.revenue)}
              width={barWidth}
              height={Math.max(0, MARGIN.top + PLOT_H - yRevenue(bucket.revenue))}
              rx={Math.min(3, barWidth / 3)}
              className="fill-brand-600"
            />
          ))}
          {buckets.length > 1 ? (
            <path d={line} fill="none" className="stroke-slate-800" strokeWidth={2} strokeLinejoin="round" />
          ) : null}
          {buckets.length <= 62
            ? buckets.map((bucket, index) => (
                <circle
                  key={bucket.from}
                  cx={x(index)}
                  cy={yCount(bucket.appointments)}
                  r={buckets.length > 31 ? 2 : 3}
                  className="fill-white stroke-slate-800"
                  strokeWidth={1.5}
                />
              ))
            : null}
          {buckets.map((bucket, index) =>
            index % labelEvery === 0 ? (
              <text
                key={bucket.from}
                x={x(index)}
                y={HEIGHT - MARGIN.bottom + 18}
                textAnchor="middle"
                className="fill-slate-600 text-[11px]"
              >
                {shortDate(bucket.from)}
              </text>
            ) : null,
          )}
          <text
            x={14}
            y={MARGIN.top + PLOT_H / 2}
            textAnchor="middle"
            transform={`rotate(-90 14 ${MARGIN.top + PLOT_H / 2})`}
            className="fill-slate-700 text-[11px] font-medium"
          >
            Revenue (£)
          </text>
          <text
            x={WIDTH - 6}
            y={MARGIN.top + PLOT_H / 2}
            textAnchor="middle"
            transform={`rotate(90 ${WIDTH - 6} ${MARGIN.top + PLOT_H / 2})`}
            className="fill-slate-700 text-[11px] font-medium"
          >
            Appointments
          </text>
          <text
            x={MARGIN.left + PLOT_W / 2}
            y={HEIGHT - 6}
            textAnchor="middle"
            className="fill-slate-700 text-[11px] font-medium"
          >
            {unit === "day" ? "Date" : `${unit === "week" ? "Week" : "30 days"} starting`}
          </text>
        </svg>
      </div>
      <table className="sr-only">
        <caption>Revenue and appointments per {per}</caption>
        <thead>
          <tr>
            <th scope="col">{unit === "day" ? "Date" : "Dates"}</th>
            <th scope="col">Revenue</th>
            <th scope="col">Appointments</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.from}>
              <th scope="row">{bucketLabel(bucket)}</th>
              <td>{formatPence(bucket.revenue)}</td>
              <td>{bucket.appointments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
