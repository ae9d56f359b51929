import path from 'node:path';

/** Server settings read from the environment once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data directory, used when `databaseUrl` is not set. */
  dataDir: string;
  databaseUrl?: string;
  /** Overrides the JWT secret stored in the database (several instances must share one). */
  jwtSecret?: string;
  /** Built client (vite output) served for every non-API GET. */
  clientDir: string;
}

/**
 * Reads PORT (default 3000), HOST (default 0.0.0.0), DATA_DIR (default ./data), DATABASE_URL
 * and JWT_SECRET.
 *
 * @example
 * const config = readConfig(process.env);
 */
export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    clientDir: path.resolve(env.CLIENT_DIR || './dist'),
  };
}
