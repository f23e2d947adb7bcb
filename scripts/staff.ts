// Gives a registered person the staff or admin role, takes it away, or lists who has one:
//
//   npm run staff -- add ada@example.com --role admin
//   npm run staff -- remove ada@example.com
//   npm run staff -- list
//
// It uses the configured database (DATABASE_URL, or the SQLite file in DATA_DIR), as the server does.
import { ConfigError, loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { runStaffCommand } from '../src/server/modules/staff/cli.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  const { code, lines } = await runStaffCommand(db, process.argv.slice(2));
  for (const line of lines) (code === 0 ? console.log : console.error)(line);
  process.exitCode = code;
} catch (error) {
  console.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
