// Usage: npm run maintenance -- on|off   (switches every app instance on the same database)
import { connect } from '../src/server/db/client.js';
import { databaseUrlForTool } from '../src/server/db/embedded.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { loadEnv } from '../src/server/env.js';
import { setSetting } from '../src/server/lib/settings.js';

const arg = process.argv[2];
if (arg !== 'on' && arg !== 'off') {
  process.stderr.write('Usage: npm run maintenance -- on|off\n');
  process.exit(2);
}
const server = await databaseUrlForTool(loadEnv());
const database = connect(server.url, 1);
try {
  await runMigrations(database);
  await setSetting(database.db, 'maintenance', arg === 'on');
  process.stdout.write(`Maintenance mode is ${arg}. Instances notice within a second.\n`);
} finally {
  await database.close();
  await server.stop();
}
