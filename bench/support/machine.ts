import os from 'node:os';

/** The machine a figure was measured on, and how busy it was: printed beside every figure. */
export function describeMachine(): string {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${load}`;
}
