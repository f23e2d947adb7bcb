import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the real entry point as a new user would, with only the given environment. */
function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexwise-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('starting the server', () => {
  it('stops with one line naming a malformed variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: PORT is invalid: expected /);
  });

  it('says clearly when PostgreSQL cannot be reached, without a stack trace or password', async () => {
    const port = await freePort();
    const server = startServer({ DATABASE_URL: `postgres://app:hunter22@127.0.0.1:${port}/app` });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr.trim()).toBe(
      `Database error: cannot reach PostgreSQL at postgres://app:***@127.0.0.1:${port}/app: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('starts, answers, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1' });
    try {
      await expect.poll(() => server.output().stdout, { timeout: 15_000 }).toContain('ready in');
      const readiness = async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
      await expect.poll(readiness, { timeout: 15_000 }).toEqual({
        status: 'ok',
        database: 'up',
        warmUp: 'done',
      });
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('shutting down');
  });

  it('listens on localhost only when HOST is not set', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    try {
      await expect.poll(() => server.output().stdout, { timeout: 15_000 }).toContain('ready in');
      const ready = server
        .output()
        .stdout.split('\n')
        .filter((line) => line.includes('ready in'))
        .map((line) => JSON.parse(line) as { listening: string })[0];
      expect(ready?.listening).toBe(`http://127.0.0.1:${port}`);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      const outward = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address && !address.internal && address.family === 'IPv4');
      for (const address of outward) expect(await accepts(address!.address, port)).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });
});
