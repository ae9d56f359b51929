import { mkdirSync } from 'node:fs';
import { createAdapters } from './adapters';
import { startWorkers } from './adapters/workers';
import { buildApp } from './app';
import { readConfig } from './config';
import { switchesFromEnv } from './services/service-switches';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isDatabaseEmpty, seedDatabase } from './db/seed';
import { writeDemoEInvoice } from './processing/demo-einvoice';

// `npm start`: PGlite in DATA_DIR (or PostgreSQL at DATABASE_URL), migrated; an empty database gets
// the demo data; the built client in dist/ is served next to the API.
const config = readConfig(process.env);
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(handle);
if (await isDatabaseEmpty(handle.db)) {
  const summary = await seedDatabase(handle.db, { size: 'demo' });
  console.log('Empty database: demo data written', summary);
}
// a current-dated XRechnung to upload as creditor@example.com (the shared samples are long past due)
try {
  const demoInvoice = await writeDemoEInvoice(handle.db, config.dataDir, new Date());
  if (demoInvoice) console.log(`Demo e-invoice for today (upload it as creditor@example.com): ${demoInvoice}`);
} catch (error) {
  console.warn('Demo e-invoice not written:', error);
}

// The back office (credit agency, booking system, mail) as configured; mail leaves through the outbox.
mkdirSync(config.dataDir, { recursive: true });
const adapters = createAdapters(process.env, { dataDir: config.dataDir });
const app = await buildApp({
  db: handle.db,
  adapters,
  jwtSecret: config.jwtSecret,
  clientDir: config.clientDir,
  // maintenance on while DATA_DIR/MAINTENANCE exists, a disturbance while DATA_DIR/DISTURBANCE does
  switches: switchesFromEnv(process.env, config.dataDir),
  // Requests are logged at info, so the default `warn` keeps them out of the log (issue 13);
  // errors always go out with their request id (reqId). LOG_LEVEL=info shows every request.
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});

// Due booking-system decisions and the mail outbox, every few seconds (safe with several processes).
const workers = startWorkers({ db: handle.db, adapters, log: app.log });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  try {
    await workers.stop();
    await app.close();
    await adapters.mailer.close();
  } finally {
    // PGlite must be closed to leave a consistent data directory behind.
    await handle.close();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Kontor on http://localhost:${config.port} (${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
} catch (error) {
  app.log.error(error);
  await handle.close();
  process.exit(1);
}
