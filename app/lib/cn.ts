import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No tailwind-merge (it costs 9 KB gzipped on every page): callers
 * add classes that do not contradict the base ones instead of overriding them.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
