import type { SourceFile, SourceTree } from '../load';
import type { Model, PermissionNode } from '../normalize';
import type { ComparisonCell, ComparisonRow, VariantComparison } from '../../src/shared/variant-comparison';
import { literal, tsFile } from './common';

const SECTIONS = {
  product: 'Produkt',
  theme: 'Farben und Logos',
  contact: 'Kontakt und Links',
  fees: 'Gebühren und Zugänge',
  onboarding: 'Onboarding-Regeln',
  dunning: 'Mahnlauf',
  permissions: 'Funktionsschalter',
  groups: 'Status- und Belegartgruppen',
  wording: 'Wortlaut',
} as const;

/**
 * `generated/variant-comparison.ts`: the eight products side by side for product owners — every
 * field a variant may set, the product's effective value, whether it is the variant's own setting
 * or the default, and the YAML line it comes from (issue 16; `/variant-comparison`,
 * `npm run variants -- diff A B`).
 */
export function emitVariantComparison(model: Model, tree: SourceTree): Map<string, string> {
  const comparison = buildVariantComparison(model, tree);
  const body = [
    `import type { VariantComparison } from '../src/shared/variant-comparison';`,
    '',
    `export const variantComparison: VariantComparison = ${literal(comparison)};`,
  ].join('\n');
  return new Map([['variant-comparison.ts', tsFile(model.variants.map((v) => v.source), body)]]);
}

export function buildVariantComparison(model: Model, tree: SourceTree): VariantComparison {
  const files = new Map(tree.files.filter((f) => f.kind === 'variant').map((f) => [f.path, f]));
  const permFile = tree.files.find((f) => f.kind === 'permissions');
  const variants = model.variants;
  const rows: ComparisonRow[] = [];
  const at = (file: SourceFile | undefined, path: (string | number)[]) =>
    file ? `${file.path}:${file.lineOf(path)}` : undefined;
  const has = (data: unknown, path: (string | number)[]): boolean => {
    let node: unknown = data;
    for (const key of path) {
      if (!node || typeof node !== 'object' || !(String(key) in (node as object))) return false;
      node = (node as Record<string, unknown>)[String(key)];
    }
    return true;
  };

  /** A row whose value each variant may set at `yamlPath`; `value` reads the normalized variant. */
  const add = (
    section: string,
    key: string,
    label: string,
    yamlPath: (string | number)[],
    value: (v: (typeof variants)[number]) => unknown,
    defaultValue?: unknown,
  ) => {
    const cells: Record<string, ComparisonCell> = {};
    for (const v of variants) {
      const file = files.get(v.source);
      const own = has(file?.data, yamlPath);
      cells[v.code] = {
        value: value(v),
        origin: own ? 'variant' : 'default',
        ...(own ? { source: at(file, yamlPath) } : {}),
      };
    }
    rows.push(finish({ section, key, label, ...(defaultValue !== undefined ? { defaultValue } : {}), cells }));
  };

  const S = SECTIONS;
  add(S.product, 'productName', 'Produktname', ['productName'], (v) => v.productName);
  add(S.product, 'portalName', 'Portalname', ['portalName'], (v) => v.portalName);
  add(S.product, 'kind', 'Produktart', ['kind'], (v) => v.kind);
  add(S.product, 'hosts', 'Hostnamen', ['hosts'], (v) => v.hosts);
  add(S.product, 'withPurchaseAssurance', 'Ankaufszusage', ['withPurchaseAssurance'], (v) => v.withPurchaseAssurance, false);
  add(S.theme, 'logo', 'Logo', ['logo'], (v) => v.logo);
  add(S.theme, 'partnerLogo', 'Partnerlogo', ['partnerLogo'], (v) => v.partnerLogo ?? null);
  add(S.theme, 'theme.primary', 'Primärfarbe', ['theme', 'primary'], (v) => v.theme.primary);
  add(S.theme, 'theme.secondary', 'Sekundärfarbe', ['theme', 'secondary'], (v) => v.theme.secondary);
  add(S.contact, 'contact.hotline', 'Hotline', ['contact', 'hotline'], (v) => v.contact.hotline);
  add(S.contact, 'contact.mail', 'Service-E-Mail', ['contact', 'mail'], (v) => v.contact.mail);
  add(S.contact, 'contact.serviceTimes', 'Servicezeiten', ['contact', 'serviceTimes'], (v) => v.contact.serviceTimes);
  add(S.contact, 'links.imprint', 'Impressum', ['links', 'imprint'], (v) => v.links.imprint);
  add(S.contact, 'links.privacy', 'Datenschutz', ['links', 'privacy'], (v) => v.links.privacy);
  add(S.fees, 'setupFeeOptions', 'Einrichtungsgebühren (Cent)', ['setupFeeOptions'], (v) => v.setupFeeOptions, [0]);
  add(S.fees, 'defaultEInvoiceFormat', 'Standard-Rechnungsformat neuer Standorte', ['defaultEInvoiceFormat'], (v) => v.defaultEInvoiceFormat, 'pdf');
  add(S.fees, 'maxCompanyUsers', 'Zusätzliche Zugänge (max.)', ['maxCompanyUsers'], (v) => v.maxCompanyUsers, 5);

  const onboardingLabels: Record<string, string> = {
    enabled: 'Onboarding angeboten',
    intermediaryNumberRequired: 'Vermittlernummer erforderlich',
    maxCreditorLimit: 'Maximales Kundenlimit (Cent)',
    factorableTurnover: 'Factorierbarer Umsatz (Cent, min./max.)',
    minFoundingMonths: 'Mindestalter des Unternehmens (Monate)',
    maxOnlineTurnoverRate: 'Maximaler Onlineumsatz-Anteil (%)',
    factoringRulesRequired: 'Factoring-Regeln erforderlich',
    blacklistedFields: 'Ausgeblendete Felder',
  };
  const onboardingKeys = [
    ...new Set([...Object.keys(onboardingLabels), ...variants.flatMap((v) => Object.keys(v.onboarding ?? {}))]),
  ];
  for (const key of onboardingKeys) {
    add(S.onboarding, `onboarding.${key}`, onboardingLabels[key] ?? key, ['onboarding', key], (v) =>
      (v.onboarding as unknown as Record<string, unknown> | undefined)?.[key] ?? null,
    );
  }

  const dunningLabels: [key: string, label: string, fallback: unknown][] = [
    ['enabled', 'Mahnlauf durch das Portal', true],
    ['paymentReminderAfterDays', 'Zahlungserinnerung (Tage nach Fälligkeit)', 10],
    ['dunningAfterDays', 'Mahnung (Tage nach Fälligkeit)', 35],
    ['encashmentAfterDays', 'Inkasso (Tage nach Fälligkeit)', 75],
  ];
  for (const [key, label, fallback] of dunningLabels) {
    add(S.dunning, `dunning.${key}`, label, ['dunning', key], (v) => (v.dunning as unknown as Record<string, unknown>)[key], fallback);
  }

  // Permission switches: every leaf of the tree. The product's value is its own `false`/`true`, else
  // the tree's productDefault (inherited), else null — then the user's stored permissions decide
  // (`alwaysOnForCreditor` leaves: on for creditor users).
  const permTree = model.permissions.tree;
  const leaves: { path: string[]; label: string; alwaysOn: boolean; productDefault?: boolean; defaultAt: (string | number)[] }[] = [];
  const walk = (
    children: Record<string, PermissionNode>,
    rawChildren: Record<string, any>,
    prefix: string[],
    treePath: (string | number)[],
    labels: string[],
    alwaysOn: boolean,
    productDefault: boolean | undefined,
    defaultAt: (string | number)[],
  ) => {
    for (const [key, node] of Object.entries(children)) {
      const raw = rawChildren?.[key] ?? {};
      const path = [...prefix, key];
      const here = [...treePath, key];
      const inheritedDefault = raw.productDefault ?? productDefault;
      const at = raw.productDefault !== undefined ? [...here, 'productDefault'] : defaultAt;
      const label = [...labels, germanLabel(raw.label)];
      const on = alwaysOn || node.alwaysOnForCreditor === true;
      if (node.children) {
        walk(node.children, raw.children ?? {}, path, [...here, 'children'], label, on, inheritedDefault, at);
      } else {
        leaves.push({ path, label: label.join(' › '), alwaysOn: on, productDefault: inheritedDefault, defaultAt: at });
      }
    }
  };
  walk(permTree, permFile?.data.tree ?? {}, [], ['tree'], [], false, undefined, []);
  for (const leaf of leaves) {
    const cells: Record<string, ComparisonCell> = {};
    for (const v of variants) {
      const file = files.get(v.source);
      // the variant's own setting on the leaf or on an ancestor (a boolean covers the subtree)
      let own: (string | number)[] | undefined;
      for (let i = 1; i <= leaf.path.length; i++) {
        const candidate = ['permissions', ...leaf.path.slice(0, i)];
        if (has(file?.data, candidate) && typeof valueAt(file?.data, candidate) === 'boolean') own = candidate;
      }
      const fromVariant = own ? (valueAt(file?.data, own) as boolean) : undefined;
      cells[v.code] = own
        ? { value: fromVariant, origin: 'variant', source: at(file, own) }
        : {
            value: leaf.productDefault ?? (leaf.alwaysOn ? 'alwaysOn' : null),
            origin: 'default',
            ...(leaf.productDefault !== undefined && leaf.defaultAt.length ? { source: at(permFile, leaf.defaultAt) } : {}),
          };
    }
    rows.push(
      finish({
        section: S.permissions,
        key: `permissions.${leaf.path.join('.')}`,
        label: leaf.label,
        defaultValue: leaf.productDefault ?? (leaf.alwaysOn ? 'alwaysOn' : null),
        cells,
      }),
    );
  }

  const groupNames = [...new Set(variants.flatMap((v) => Object.keys(files.get(v.source)?.data.statusGroups ?? {})))];
  for (const name of groupNames) {
    add(S.groups, `statusGroups.${name}`, `Statusgruppen: ${name}`, ['statusGroups', name], (v) =>
      files.get(v.source)?.data.statusGroups?.[name] ?? null,
    );
  }
  add(S.groups, 'voucherTypeGroups', 'Belegartgruppen', ['voucherTypeGroups'], (v) => v.voucherTypeGroups);

  // Wording: every catalogue key some variant rewords, with the catalogue's text as the default.
  const wordingKeys = [...new Set(variants.flatMap((v) => Object.keys(v.wording.de)))].sort();
  for (const key of wordingKeys) {
    const base = textAt(model.catalog.de, key);
    add(S.wording, `wording.${key}`, key, ['wording', 'de', key], (v) => v.wording.de[key] ?? base, base);
  }

  return {
    products: variants.map((v) => ({ code: v.code, productName: v.productName, source: v.source })),
    sections: Object.values(SECTIONS),
    rows,
  };
}

function finish(row: Omit<ComparisonRow, 'differs'>): ComparisonRow {
  const values = Object.values(row.cells).map((cell) => JSON.stringify(cell.value ?? null));
  return { ...row, differs: new Set(values).size > 1 };
}

function valueAt(data: unknown, path: (string | number)[]): unknown {
  let node: unknown = data;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[String(key)];
  return node;
}

function textAt(catalog: Record<string, unknown>, key: string): unknown {
  return valueAt(catalog, key.split('.'));
}

function germanLabel(label: unknown): string {
  if (typeof label === 'string') return label;
  if (label && typeof label === 'object' && 'de' in label) return String((label as { de: unknown }).de);
  return '';
}
