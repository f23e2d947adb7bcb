// How the benchmarks read their settings from the environment.

/** A number from the environment, `fallback` when unset or empty; anything else ends the run. */
export function numberFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    console.error(`${name}=${text} is not a number`);
    process.exit(1);
  }
  return value;
}

/** The model's settings (LLM_*) from the environment: empty for library mode. */
export function modelEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('LLM_') && entry[1] !== undefined,
    ),
  );
}
