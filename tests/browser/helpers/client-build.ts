// The freshness check lives with the server (npm start uses it too).
export { buildClient, clientBuildIsStale, ensureClientBuilt, ROOT } from '../../../src/server/client-build';
