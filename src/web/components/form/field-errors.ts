import type { z } from 'zod';

/** The first message per field from a zod schema, keyed like the server's `fields`. */
export function fieldErrorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'form');
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Removes the fields without a message; an empty result means the form may be sent. */
export function onlyErrors(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Moves focus to the first field (in `order`) that has an error; true when there was one. */
export function focusFirstError(errors: Record<string, string>, order: string[]): boolean {
  const first = order.find((id) => errors[id]);
  if (!first) return false;
  document.getElementById(first)?.focus();
  return true;
}
