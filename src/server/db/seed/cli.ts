import { parseArgs } from 'node:util';
import { readConfig } from '../../config';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { isDatabaseEmpty, type SeedSize, seedDatabase } from './index';

// `npm run seed -- --size demo|large`: migrates, then seeds DATABASE_URL or the PGlite in DATA_DIR.
// Refuses a database that already has users or creditors, so it never mixes data sets.
const { values } = parseArgs({ options: { size: { type: 'string', default: 'demo' } } });
const size = values.size as SeedSize;
if (size !== 'demo' && size !== 'large') {
  console.error(`--size must be demo or large, not '${values.size}'`);
  process.exit(2);
}

const config = readConfig(process.env);
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(handle);
  if (!(await isDatabaseEmpty(handle.db))) {
    console.error('The database already holds data; seed only into an empty database.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const summary = await seedDatabase(handle.db, { size });
    console.log(`Seeded (${size}) in ${Date.now() - started} ms:`, summary);
  }
} finally {
  await handle.close();
}
