// Money is integer pence everywhere; it becomes pounds only at the edges.
import { lazy } from "./lazy";

const GBP = lazy(
  () =>
    new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** 1250 -> "£12.50" */
export function formatPence(pence: number): string {
  return GBP().format(pence / 100);
}

/** 12.5 -> 1250 (SPEC §9: pounds times 100, rounded). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** 1250 -> "12.50", for number inputs. */
export function penceToPoundsInput(pence: number): string {
  return (pence / 100).toFixed(2);
}
