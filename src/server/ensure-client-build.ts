import { ensureClientBuilt } from './client-build';

// `npm start` runs this first: the client is built only when dist/ is missing or older than its sources.
const started = Date.now();
if (ensureClientBuilt()) console.log(`Client built into dist/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
else console.log('Client in dist/ is up to date (no build)');
