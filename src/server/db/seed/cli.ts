import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { readConfig } from '../../config';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { isDatabaseEmpty, type SeedSize, seedDatabase } from './index';

// `npm run seed -- --size demo|large|scale`: migrates, then seeds DATABASE_URL or the PGlite in DATA_DIR.
// Refuses a database that already has users or creditors, so it never mixes data sets.
// `--tenants 100,1000` replaces the scale tenants' voucher counts (scale and large sizes).
const { values } = parseArgs({
  options: { size: { type: 'string', default: 'demo' }, tenants: { type: 'string' } },
});
const scaleTenants = values.tenants?.split(',').map(Number);
if (scaleTenants?.some((n) => !Number.isInteger(n) || n <= 0)) {
  console.error(`--tenants must be voucher counts separated by commas, not '${values.tenants}'`);
  process.exit(2);
}
const size = values.size as SeedSize;
if (size !== 'demo' && size !== 'large' && size !== 'scale') {
  console.error(`--size must be demo, large or scale, not '${values.size}'`);
  process.exit(2);
}

const config = readConfig(process.env);
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const bar = new cliProgress.SingleBar(
  {
    format: 'Gläubiger {bar} {value}/{total} | {debtors} Kunden | {vouchers} Belege | noch {eta_formatted}',
    // without a terminal (CI, a log file) print a line every 15 s instead of redrawing
    noTTYOutput: true,
    notTTYSchedule: 15_000,
  },
  cliProgress.Presets.shades_classic,
);
try {
  await migrateToLatest(handle);
  if (!(await isDatabaseEmpty(handle.db))) {
    console.error(
      'The database already holds data; seed only into an empty database ' +
        `(${config.databaseUrl ? 'create a new database' : `remove ${config.dataDir}`} and run again).`,
    );
    process.exitCode = 1;
  } else {
    const started = Date.now();
    let barStarted = false;
    const summary = await seedDatabase(handle.db, {
      size,
      scaleTenants,
      onProgress: (progress) => {
        if (!barStarted) bar.start(progress.totalCreditors, 0, { debtors: 0, vouchers: 0 });
        barStarted = true;
        bar.update(progress.creditors, { debtors: progress.debtors, vouchers: progress.vouchers });
      },
    });
    if (barStarted) bar.stop();
    console.log(
      `Seeded (${size}, ${handle.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      summary,
    );
  }
} finally {
  bar.stop();
  await handle.close();
}
