// Test fixture (embedded-crash.test.ts): starts the embedded server like `npm start` does, says
// "ready <url>", and stops it cleanly on SIGTERM. The test kills it with SIGKILL instead.
import { startEmbedded } from './embedded.js';

const [dataDir, port] = process.argv.slice(2);
const server = await startEmbedded({ dataDir: dataDir!, port: Number(port) });
process.stdout.write(`ready ${server.url}\n`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
setInterval(() => undefined, 60_000);
