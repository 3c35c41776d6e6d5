import { z } from "zod";

/**
 * A body that changes only the fields it names (the others keep their stored values): every
 * field optional and without its default, since a default would claim that leaving a field
 * out resets it.
 */
export function partialUpdate<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? field.removeDefault() : field).optional(),
    ]),
  );
  return z.object(shape) as z.ZodObject<{
    [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
  }>;
}
