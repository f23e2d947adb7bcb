import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describeDatabaseError, openDatabase } from './db/database.js';
import { migrateToLatest, MigrationError } from './db/migrate.js';
import { findWebBuild } from './http/web.js';
import { readGuideLibraryFile } from './modules/guides/library-file.js';
import { loadGuideLibrary } from './modules/guides/loader.js';

/** Starts the server: configuration, database, migrations, HTTP, graceful shutdown. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(`Configuration error: ${error.message}`);
    throw error;
  }

  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    const reason =
      error instanceof MigrationError
        ? error.message
        : describeDatabaseError(config.database, error);
    return fail(`Database error: ${reason}`);
  }

  const distDir = fileURLToPath(new URL('../', import.meta.url));
  const web = findWebBuild(distDir);
  // The build parsed the guides (decision 0071). Started from source, the server reads them
  // from content/guides when first searched, so the Markdown does not slow its start.
  const guides = readGuideLibraryFile(distDir) ?? (() => loadGuideLibrary());
  const app = await buildApp(config, { db, web, guides });
  app.addHook('onClose', () => db.close());
  if (!web) app.log.warn('the web app is not built (npm run build); serving the API only');

  const listening = await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      url: config.site.publicUrl,
      listening,
      database: db.kind,
      readyMs: Math.round(performance.now()),
    },
    `ready in ${Math.round(performance.now())} ms at ${config.site.publicUrl}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

await main();
