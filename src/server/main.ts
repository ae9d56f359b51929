import { mkdirSync } from 'node:fs';
import { createAdapters, outboxDirOf } from './adapters';
import { publicUrls } from './adapters/mail/public-url';
import { startWorkers } from './adapters/workers';
import { buildApp } from './app';
import { readConfig } from './config';
import { switchesFromEnv } from './services/service-switches';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { isDatabaseEmpty } from './db/is-empty';
import { writeDemoEInvoice } from './processing/demo-einvoice';

// `npm start`: PGlite in DATA_DIR (or PostgreSQL at DATABASE_URL), migrated; an empty database gets
// the demo data; the built client in dist/ is served next to the API.
const config = readConfig(process.env);
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(handle);
if (await isDatabaseEmpty(handle.db)) {
  // the seed's modules (~0.2 s of CPU to load) only on a first start
  const { seedDatabase } = await import('./db/seed');
  const summary = await seedDatabase(handle.db, { size: 'demo' });
  console.log(
    `Empty database: demo data written (${summary.creditors} creditors, ${summary.users} users, ${summary.debtors} debtors, ${summary.vouchers} vouchers)`,
  );
}
// a current-dated XRechnung to upload as creditor@example.com (the shared samples are long past due)
let demoInvoice: string | null | undefined;
try {
  demoInvoice = await writeDemoEInvoice(handle.db, config.dataDir, new Date());
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
  // the live events (GET /api/events) hear every process's changes through LISTEN/NOTIFY
  listen: handle.listen,
  liveEvents: {
    heartbeatMs: Number(process.env.EVENTS_HEARTBEAT_SECONDS ?? 20) * 1000,
    maxStreamsPerUser: Number(process.env.EVENTS_MAX_STREAMS_PER_USER ?? 8),
  },
  clientDir: config.clientDir,
  // maintenance on while DATA_DIR/MAINTENANCE exists, a disturbance while DATA_DIR/DISTURBANCE does
  switches: switchesFromEnv(process.env, config.dataDir),
  // Requests are logged at info, so the default `warn` keeps them out of the log (issue 13);
  // errors always go out with their request id (reqId). LOG_LEVEL=info shows every request.
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});

// All background work, each kind every few seconds (safe with several processes: each job runs once).
// Links in mails start with each product's public address (PUBLIC_URL…, default http://localhost:PORT).
const workers = startWorkers({
  db: handle.db,
  adapters,
  log: app.log,
  intervalMs: Number(process.env.WORKER_INTERVAL_SECONDS ?? 5) * 1000,
  mailBaseUrl: publicUrls(process.env, config.port),
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  // whatever hangs, the process ends within 10 s (open transactions roll back with their connections)
  setTimeout(() => {
    app.log.error(`${signal}: shutdown took longer than 10 s, exiting`);
    process.exit(1);
  }, 9_500).unref();
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
  // one short banner: where to go, how to log in, where data and mail go (issue 28: the first minutes)
  const urls = publicUrls(process.env, config.port);
  console.log(
    [
      `Kontor on ${urls('SMAFA')} (TPF: ${urls('TPF')}, other products likewise; public pages: ${urls('SMAFA')}/onboarding)`,
      '  Demo login: creditor@example.com / Demo1234! (every demo user in README.md)',
      `  Database:   ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      `  Mail:       ${process.env.SMTP_URL ? 'sent through SMTP_URL' : `written as .eml files to ${outboxDirOf(process.env, config.dataDir)}`}`,
      ...(demoInvoice ? [`  Demo e-invoice to upload as creditor@example.com: ${demoInvoice}`] : []),
    ].join('\n'),
  );
} catch (error) {
  app.log.error(error);
  await handle.close();
  process.exit(1);
}
