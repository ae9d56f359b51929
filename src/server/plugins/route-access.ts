import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * What a route demands of its caller, in terms of the permission and role YAML — declared by every
 * route (the guards below carry it), collected into one table the authorization matrix
 * (tests/api/hardening-matrix.test.ts) reads to derive the expected answer per identity:
 * - `public`: no token needed;
 * - `user`: any logged-in user;
 * - `creditor`: a creditor user (tenant) for whom every permission path is on (the one evaluator);
 * - `admin`: an admin role holding any of the admin permissions (`any`: none needed; `superAdmin`:
 *   a role with `allPermissions`); `alsoImpersonating`: also an admin holding them while acting as
 *   a creditor user (the admin view of a record);
 * - `command`: the commands of generated/commands.ts behind the route (their roles, permission and
 *   admin permission).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'creditor'; permissions: readonly string[] }
  | { kind: 'admin'; adminPermissions: readonly string[] | 'any' | 'superAdmin'; alsoImpersonating?: boolean }
  | { kind: 'command'; commands: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's access when its guard does not carry it (checked inside the handler) */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** `METHOD /api/path/{param}` → the route's declared access (undefined: declares nothing) */
    routeAccess: Map<string, RouteAccess | undefined>;
  }
}

/** A guard (preHandler) that carries the access it enforces. */
export type AccessGuard<F> = F & { access: RouteAccess };

/**
 * Marks a guard with the access it enforces, so every route using it declares that access.
 *
 * @example export const requireCreditorUser = withAccess(async (request) => { … }, { kind: 'creditor', permissions: [] });
 */
export function withAccess<F extends (...args: never[]) => unknown>(guard: F, access: RouteAccess): AccessGuard<F> {
  return Object.assign(guard, { access });
}

/** Several guards one after the other: all must pass (creditor permissions add up). */
function combine(list: RouteAccess[]): RouteAccess | undefined {
  if (list.length <= 1) return list[0];
  if (list.every((a) => a.kind === 'creditor'))
    return { kind: 'creditor', permissions: list.flatMap((a) => (a.kind === 'creditor' ? a.permissions : [])) };
  throw new Error(`guards of different kinds on one route: ${JSON.stringify(list)}`);
}

/**
 * The declared access of a route: its `config.access`, else what its guards carry, else public
 * when `config.public` — undefined when it declares nothing.
 */
export function accessOfRoute(route: Pick<RouteOptions, 'preHandler' | 'config'>): RouteAccess | undefined {
  const config = route.config as { access?: RouteAccess; public?: boolean } | undefined;
  if (config?.access) return config.access;
  const guards = [route.preHandler ?? []].flat() as { access?: RouteAccess }[];
  const carried = guards.map((g) => g.access).filter((a): a is RouteAccess => a !== undefined);
  return combine(carried) ?? (config?.public ? { kind: 'public' } : undefined);
}

/**
 * Collects the access of every route registered on `scope` from now on into `app.routeAccess`,
 * keyed as the OpenAPI document writes paths (`GET /api/debtor/show/{id}`).
 *
 * @example collectRouteAccess(app, api); await registerRoutes(api, deps);
 */
export function collectRouteAccess(app: FastifyInstance, scope: FastifyInstance): void {
  if (!app.hasDecorator('routeAccess')) app.decorate('routeAccess', new Map<string, RouteAccess | undefined>());
  const table = app.routeAccess;
  scope.addHook('onRoute', (route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.set(`${method} ${path}`, accessOfRoute(route));
    }
  });
}
