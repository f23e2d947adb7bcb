import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logRequest } from './request-log';
import { createAppLogger, linesByTurn } from './request-logger';

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

describe('the access log line', () => {
  function captured(level: string) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { lines, ...createAppLogger(level, { level, stream }) };
  }

  it("is the line the app's logger writes for the same fields", () => {
    const { lines, logger, accessLog } = captured('info');
    logger.info(
      { reqId: 'req-1a', method: 'GET', path: '/api/a "quoted" \\ path', status: 200, ms: 1.3 },
      'request',
    );
    logRequest(accessLog, 'req-1a', 'GET', '/api/a "quoted" \\ path', 200, 1.2500001);
    const [pinos, ours] = lines.map((line) => line.replace(/"time":\d+/, '"time":0'));
    expect(ours).toBe(pinos);
    expect(lines[1]!.endsWith('}\n')).toBe(true);
  });

  it("follows the logger's level", () => {
    const { lines, logger, accessLog } = captured('warn');
    logRequest(accessLog, 'req-1', 'GET', '/api/me', 200, 1);
    expect(lines).toEqual([]);
    logger.level = 'info';
    logRequest(accessLog, 'req-2', 'GET', '/api/me', 200, 1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'req-2', msg: 'request', level: 30 });
  });
});
