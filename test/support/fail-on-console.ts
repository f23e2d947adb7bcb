import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes the code print an error unexpectedly fails; one that expects it spies first.
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args.map(String).join(' '));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    throw new Error(`console.error was called:\n${unexpected.join('\n')}`);
  }
});
