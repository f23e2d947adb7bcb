import { describe, expect, it } from 'vitest';
import { linesByTurn } from './request-logger';

describe('log lines by turn of the event loop', () => {
  it('hands the lines of one turn to the destination as one write, in order', async () => {
    const writes: string[] = [];
    const lines = linesByTurn({ write: (text: string) => writes.push(text) });
    lines.write('a\n');
    lines.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    lines.write('c\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes what is pending when flushed (on close and on exit)', () => {
    const writes: string[] = [];
    const lines = linesByTurn({ write: (text: string) => writes.push(text) });
    lines.write('last words\n');
    lines.flush();
    lines.flush();
    expect(writes).toEqual(['last words\n']);
  });
});
