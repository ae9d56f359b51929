import cluster from 'node:cluster';
import os from 'node:os';
import { createAdapters } from '../src/server/adapters';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';

/**
 * The server of the two-process benchmark (bench/cluster.bench.ts starts it with `node --import
 * tsx`): our application (buildApp, as `npm start` builds it, without the background workers and the
 * client) on BENCH_PORT over the PostgreSQL database at BENCH_DATABASE_URL. With BENCH_PROCESSES=n
 * (n > 1) the process is node:cluster's primary: it forks n workers, each with its own application
 * and its own pool of 10 connections, all listening on the one port; the primary hands each new
 * connection to the next worker in turn (round robin, node's default outside Windows) and runs no
 * application itself. Prints `cluster-server ready <pids>` when every process listens.
 */
const port = Number(process.env.BENCH_PORT);
const processes = Number(process.env.BENCH_PROCESSES ?? 1);

async function serve(): Promise<void> {
  const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const app = await buildApp({
    db: handle.db,
    jwtSecret: 'kontor-bench-secret-kontor-bench-secret',
    adapters: createAdapters({}, { dataDir: `${os.tmpdir()}/kontor-bench-cluster-adapters` }),
    listen: handle.listen,
    logger: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (processes > 1 && cluster.isPrimary) {
  cluster.schedulingPolicy = cluster.SCHED_RR;
  const pids: number[] = [];
  for (let i = 0; i < processes; i++) {
    const worker = cluster.fork();
    worker.on('listening', () => {
      pids.push(worker.process.pid!);
      if (pids.length === processes) console.log(`cluster-server ready ${process.pid} ${pids.join(' ')}`);
    });
  }
  cluster.on('exit', (worker, code) => {
    if (code !== 0 && !stopping) console.error(`cluster worker ${worker.process.pid} ended with ${code}`);
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  await serve();
  if (cluster.isPrimary) console.log(`cluster-server ready ${process.pid}`);
}
