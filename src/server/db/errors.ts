/** What a failed statement means, the same on SQLite and PostgreSQL. */

/** An insert or update broke a unique key (an email taken, a ledger reference already used). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * A transaction lost a race and may simply run again: a unique key taken meanwhile, or on
 * PostgreSQL a serialization failure or a deadlock.
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return isUniqueViolation(error) || code === '40001' || code === '40P01';
}
