import type { FastifyInstance } from 'fastify';
import de from '../../../../generated/i18n/de.json' with { type: 'json' };
import type { ServiceSwitches } from '../../services/service-switches';

const texts = de.messages.failurePage;

/** The API's answer while maintenance is on: the maintenance page's own text, code `maintenance`. */
export const maintenanceBody = { statusCode: 503, code: 'maintenance', message: texts.maintenance.info };
/** The health check's answer while a disturbance is on (code `disturbance`). */
export const disturbanceBody = { statusCode: 406, code: 'disturbance', message: texts.disturbance.info };

/** Paths that keep answering during maintenance: the health checks report it themselves, the version is static, the metrics stay. */
const OPEN_DURING_MAINTENANCE = new Set(['/api/healthy', '/api/version', '/api/ready', '/api/metrics']);

/**
 * Installs the maintenance switch on the `/api` scope (called directly, like the auth hook, and
 * before it, so a request without a token also learns of the maintenance): every API call except
 * the health check and the version answers 503 `maintenance` while the switch is on.
 *
 * @example installMaintenanceSwitch(api, switches);
 */
export function installMaintenanceSwitch(api: FastifyInstance, switches: ServiceSwitches): void {
  // a callback, not an async function: no promise per request; the 503 ends the request without `done`
  api.addHook('onRequest', (request, reply, done) => {
    if (!switches.maintenance() || OPEN_DURING_MAINTENANCE.has(request.url.split('?')[0])) return done();
    reply.header('retry-after', '30');
    reply.code(503).send(maintenanceBody);
  });
}
