/**
 * The portal's always-loaded base in five chunks instead of the ~90 that rolldown's automatic
 * splitting cut it into (issue 32): fewer requests, and one gzip stream over a larger file
 * compresses better than many small ones (the base 345 → 306 KB gzip). Only modules that a route
 * runs anyway are grouped — what the login entry, the portal's `App.tsx` and its layout run
 * (`usedModules`, used-modules.ts) — so no lazy page, form or dialog is pulled into them, and a
 * module both the login and the portal run sits in a chunk both load (nothing loads twice). Read by
 * vite.config.ts (the chunk groups) and by code-splitting.test.ts (which checks what each chunk holds).
 */

/** The entry modules whose static imports are always loaded (paths from the repository root). */
export const BASE_ROOTS = {
  /** the page's entry: loaded on every visit */
  main: 'src/client/main.tsx',
  /** the light login page (issue 13) */
  login: 'src/client/login/LoginEntry.tsx',
  /** the portal, loaded after the login or on a signed-in visit */
  portal: 'src/client/App.tsx',
  /** the portal's layout (lazy: the pages shown without it do not load it) */
  layout: 'src/client/layout/KontorLayout.tsx',
} as const;

/**
 * The base's chunks, in the order of their groups' priority:
 * - `base-react`: react, react-dom and scheduler (login and portal);
 * - `base-shared`: the rest both the login and the portal need (emotion, the MUI parts the login
 *   shows, the variant, session and theme code);
 * - `base-vendor`: the packages only the portal needs (react-admin, ra-core, react-router,
 *   react-query, MUI's layout parts, lodash, …);
 * - `base-app`: the portal's own modules and its first slice of the catalogue;
 * - `base-layout`: what the layout adds (app bar, menus, the contact bar, …), packages and own code.
 * The entry modules themselves keep chunks of their own, so the manifest still names their lazy imports.
 */
export const BASE_CHUNKS = ['base-react', 'base-shared', 'base-vendor', 'base-app', 'base-layout'] as const;
export type BaseChunk = (typeof BASE_CHUNKS)[number];

/**
 * Modules a base module imports for its development build only, which `usedModules` cannot tell:
 * react-admin's error page shows the error's details in an accordion when
 * `NODE_ENV !== 'production'`, a branch the production build drops. The help pages use the
 * accordion: it stays theirs.
 */
const DEVELOPMENT_ONLY = /[\\/]@mui[\\/](material[\\/](Accordion|AccordionDetails|AccordionSummary|Collapse)|icons-material[\\/]ExpandMore\.)/;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const PACKAGE = /[\\/]node_modules[\\/]/;

/** The always-loaded modules (`usedModules` of the roots): what the login entry runs, and what the portal runs. */
export interface BaseGraphs {
  /** the modules of `BASE_ROOTS` themselves */
  roots: ReadonlySet<string>;
  login: ReadonlySet<string>;
  portal: ReadonlySet<string>;
  /** the portal with its layout */
  layout: ReadonlySet<string>;
}

/**
 * The base chunk a module belongs to, or `undefined` for a module no base needs (a lazy page, a
 * form, a dialog: rolldown's automatic chunks). Module ids are absolute paths (or `\0virtual:…`).
 *
 * @example baseChunkOf('/repo/node_modules/react-dom/cjs/react-dom-client.production.js', graphs) // 'base-react'
 */
export function baseChunkOf(id: string, { roots, login, portal, layout }: BaseGraphs): BaseChunk | undefined {
  if (roots.has(id) || DEVELOPMENT_ONLY.test(id)) return undefined;
  if (!portal.has(id)) return layout.has(id) ? 'base-layout' : undefined;
  if (REACT.test(id)) return 'base-react';
  if (login.has(id)) return 'base-shared';
  return PACKAGE.test(id) ? 'base-vendor' : 'base-app';
}
