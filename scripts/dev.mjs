// Development: the web app from Vite with hot module reload on PORT (default 3000), and the API
// server restarted on every change by tsx watch on DEV_API_PORT (default 3001), behind Vite's proxy.
import { spawn } from 'node:child_process';

const webPort = process.env.PORT || '3000';
const apiPort = process.env.DEV_API_PORT || '3001';
const env = {
  ...process.env,
  DEV_WEB_PORT: webPort,
  DEV_API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
};

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { env, stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
