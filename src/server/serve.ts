import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createAdapters } from './adapters';
import { publicUrls } from './adapters/mail/public-url';
import { startWorkers } from './adapters/workers';
import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { isDatabaseEmpty } from './db/is-empty';
import { migrateToLatest } from './db/migrate';
import type { SeedSummary } from './db/seed';
import { writeDemoEInvoice } from './processing/demo-einvoice';
import { switchesFromEnv } from './services/service-switches';

/** A listening portal (see {@link startServer}). */
export interface RunningServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: ServerConfig;
  /** the demo e-invoice written for this start, if any */
  demoInvoice: string | null | undefined;
  /** what the first start of an empty database wrote (none when it held data already) */
  seeded?: SeedSummary;
  /** stops the background work, the server, the mailer and the database, in that order */
  close(): Promise<void>;
}

/**
 * What `npm start` runs (`main.ts` adds the signals and the banner): PGlite in DATA_DIR (or
 * PostgreSQL at DATABASE_URL), migrated; an empty database gets the demo data; the built client in
 * dist/ is served next to the API; all background work runs. Settings come from `env`, read at
 * the start (a few are read again when used, from `process.env`: UPLOAD_PAUSE_MINUTES,
 * INFORMATION_FILE). The browser suite starts one after the other in one process
 * (tests/browser/helpers/server-host.ts).
 *
 * @example const server = await startServer(process.env); … await server.close();
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = readConfig(env);
  // PGlite's folder, and with either database the outbox and the demo e-invoice's
  mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle);
    let seeded: RunningServer['seeded'];
    if (await isDatabaseEmpty(handle.db)) {
      // the seed's modules (~0.2 s of CPU to load) only on a first start
      const { seedDatabase } = await import('./db/seed');
      seeded = await seedDatabase(handle.db, { size: 'demo' });
    }
    // a current-dated XRechnung to upload as creditor@example.com (the shared samples are long past due)
    let demoInvoice: string | null | undefined;
    try {
      demoInvoice = await writeDemoEInvoice(handle.db, config.dataDir, new Date());
    } catch (error) {
      console.warn('Demo e-invoice not written:', error);
    }

    // The back office (credit agency, booking system, mail) as configured; mail leaves through the outbox.
    const adapters = createAdapters(env, { dataDir: config.dataDir });
    const app = await buildApp({
      db: handle.db,
      adapters,
      jwtSecret: config.jwtSecret,
      // the live events (GET /api/events) hear every process's changes through LISTEN/NOTIFY
      listen: handle.listen,
      liveEvents: {
        heartbeatMs: Number(env.EVENTS_HEARTBEAT_SECONDS ?? 20) * 1000,
        maxStreamsPerUser: Number(env.EVENTS_MAX_STREAMS_PER_USER ?? 8),
      },
      clientDir: config.clientDir,
      // maintenance on while DATA_DIR/MAINTENANCE exists, a disturbance while DATA_DIR/DISTURBANCE does
      switches: switchesFromEnv(env, config.dataDir),
      // Requests are logged at info, so the default `warn` keeps them out of the log (issue 13);
      // errors always go out with their request id (reqId). LOG_LEVEL=info shows every request.
      logger: { level: env.LOG_LEVEL ?? 'warn' },
    });

    // All background work, each kind every few seconds (safe with several processes: each job runs once).
    // Links in mails start with each product's public address (PUBLIC_URL…, default http://localhost:PORT).
    const workers = startWorkers({
      db: handle.db,
      adapters,
      log: app.log,
      intervalMs: Number(env.WORKER_INTERVAL_SECONDS ?? 5) * 1000,
      mailBaseUrl: publicUrls(env, config.port),
    });
    const stopServing = async () => {
      await workers.stop();
      await app.close();
      await adapters.mailer.close();
    };
    const close = async () => {
      try {
        await stopServing();
      } finally {
        // PGlite must be closed to leave a consistent data directory behind.
        await handle.close();
      }
    };
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      // (the database is closed below)
      await stopServing();
      throw error;
    }
    return { app, handle, config, demoInvoice, seeded, close };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
