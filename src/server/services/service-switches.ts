import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The operator's switches for the failure pages (document 2 §8): while `maintenance()` is on the
 * API answers 503 (the maintenance page), while `disturbance()` is on the health check answers 406
 * (the disturbance page).
 */
export interface ServiceSwitches {
  maintenance(): boolean;
  disturbance(): boolean;
}

const ON = new Set(['1', 'true', 'on', 'yes']);

/**
 * Switches from the environment: `MAINTENANCE=on` / `DISTURBANCE=on` fix them for the process'
 * lifetime; otherwise each is on while its switch file exists — `MAINTENANCE_FILE` (default
 * `<dataDir>/MAINTENANCE`) and `DISTURBANCE_FILE` (default `<dataDir>/DISTURBANCE`), so an
 * operator turns maintenance on and off with `touch` and `rm` without a restart.
 *
 * @example const switches = switchesFromEnv(process.env, '/var/kontor'); switches.maintenance();
 */
export function switchesFromEnv(env: NodeJS.ProcessEnv, dataDir?: string): ServiceSwitches {
  const fileOf = (variable: string, name: string) =>
    env[variable] || (dataDir ? path.join(dataDir, name) : undefined);
  const maintenanceFile = fileOf('MAINTENANCE_FILE', 'MAINTENANCE');
  const disturbanceFile = fileOf('DISTURBANCE_FILE', 'DISTURBANCE');
  const fixedMaintenance = ON.has(String(env.MAINTENANCE ?? '').toLowerCase());
  const fixedDisturbance = ON.has(String(env.DISTURBANCE ?? '').toLowerCase());
  return {
    maintenance: () => fixedMaintenance || (!!maintenanceFile && existsSync(maintenanceFile)),
    disturbance: () => fixedDisturbance || (!!disturbanceFile && existsSync(disturbanceFile)),
  };
}
