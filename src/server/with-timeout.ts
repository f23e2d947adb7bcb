/** `work`, or the error `late()` makes if it has not settled within `ms`; the timer is cleared either way. */
export function withTimeout<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
