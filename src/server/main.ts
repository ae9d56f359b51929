import { outboxDirOf } from './adapters';
import { publicUrls } from './adapters/mail/public-url';
import { type RunningServer, startServer } from './serve';

// `npm start`: the portal (serve.ts: PGlite in DATA_DIR or PostgreSQL at DATABASE_URL, migrated, the
// demo data on an empty database, the built client, all background work), stopped on a signal.
let server: RunningServer;
try {
  server = await startServer(process.env);
} catch (error) {
  console.error(error);
  process.exit(1);
}
const { app, handle, config, demoInvoice, seeded } = server;
if (seeded)
  console.log(
    `Empty database: demo data written (${seeded.creditors} creditors, ${seeded.users} users, ${seeded.debtors} debtors, ${seeded.vouchers} vouchers)`,
  );

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
    await server.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
