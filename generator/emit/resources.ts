import type { Model } from '../normalize';
import { camelToKebab, literal, tsFile } from './common';
import { fieldSchema } from './schemas';

/** `generated/resources/<name>.ts` with the client config, `index.ts` with all of them. */
export function emitResources(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  for (const { source, listExtra: _, ...config } of model.resources) {
    const body = [
      "import type { ResourceConfig } from '../../src/shared/config-types';",
      '',
      `export const ${config.name}Resource: ResourceConfig = ${literal(config)};`,
    ].join('\n');
    out.set(`resources/${camelToKebab(config.name)}.ts`, tsFile([source], body));
  }
  const imports = model.resources.map((r) => `import { ${r.name}Resource } from './${camelToKebab(r.name)}';`);
  const body = [
    "import type { ResourceConfig } from '../../src/shared/config-types';",
    ...imports,
    '',
    `export const resources: Record<string, ResourceConfig> = {\n${model.resources.map((r) => `  ${r.name}: ${r.name}Resource,`).join('\n')}\n};`,
  ].join('\n');
  out.set('resources/index.ts', tsFile(model.resources.map((r) => r.source), body));
  return out;
}

/**
 * `generated/routes/<name>.ts`: the Fastify route schemas of a resource's calls. The list's query
 * string allows only the configured page sizes, sortable columns and filter keys.
 */
export function emitRoutes(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of model.resources) {
    const entity = model.entities.find((e) => e.name === r.entity)!;
    const detail = model.entities.find((e) => e.name === r.detailEntity)!;
    const filterItem = (f: (typeof r.list.filters)[number]) => {
      const e = f.enum ? model.enums.find((x) => x.name === f.enum)! : undefined;
      // a group filter sends group names; which of them the caller's product offers, the route checks
      if (e && f.groups) return { type: 'string', enum: Object.keys(e.groups) };
      if (e) return { type: typeof e.values[0].value === 'number' ? 'integer' : 'string', enum: e.values.map((v) => v.value) };
      if (f.kind === 'boolean') return { type: 'boolean' };
      return { type: 'string', maxLength: 200 };
    };
    const list = {
      method: r.api.list.method,
      url: r.api.list.path,
      schema: {
        tags: [r.name],
        summary: `List of ${r.name}`,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, default: 1 },
            rowsPerPage: { type: 'integer', enum: r.list.perPageOptions, default: r.list.defaultPerPage },
            sortBy: { type: 'string', enum: r.list.columns.filter((c) => c.sortable).map((c) => c.value) },
            sortDesc: { type: 'boolean', default: false },
            filters: {
              type: 'object',
              properties: Object.fromEntries(
                r.list.filters.map((f) => [f.key, { type: 'array', maxItems: 1000, items: filterItem(f) }]),
              ),
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              [r.api.list.key!]: { type: 'array', items: { $ref: `${entity.typeName}#` } },
              ...Object.fromEntries(r.listExtra.map((f) => [f.name, fieldSchema(f, model)])),
              count: { type: 'integer' },
              empty: { type: 'boolean', description: 'true when the caller has no records at all (filters aside)' },
            },
            required: [r.api.list.key, 'count', 'empty'],
          },
        },
      },
    };
    const show = r.api.show && {
      method: r.api.show.method,
      url: r.api.show.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: {
        tags: [r.name],
        summary: `One of ${r.name}`,
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        response: { 200: { $ref: `${detail.typeName}#` } },
      },
    };
    const body = `export const ${r.name}Routes = ${literal({ list, ...(show ? { show } : {}) })} as const;`;
    out.set(`routes/${camelToKebab(r.name)}.ts`, tsFile([r.source], body));
  }
  return out;
}
