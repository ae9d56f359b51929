/**
 * The eight products side by side (issue 16): what `generated/variant-comparison.ts` holds, what
 * `GET /api/variants/comparison` answers and what `/variant-comparison` and `npm run variants -- diff` show.
 */

/** Where a product's value comes from: its own YAML line, or the default it did not change. */
export type ComparisonOrigin = 'variant' | 'default';

/** One product's value in one row: shown as text, with the YAML line it comes from. */
export interface ComparisonCell {
  value: unknown;
  origin: ComparisonOrigin;
  /** `variants/tpf.yaml:41` or `schema/permissions.yaml:9`; absent for built-in defaults */
  source?: string;
}

export interface ComparisonRow {
  section: string;
  /** stable key, e.g. `theme.primary`, `permissions.debtors.create`, `wording.fields.debtor` */
  key: string;
  /** German label of the row */
  label: string;
  /** the default every product has unless its YAML says otherwise (undefined: no default) */
  defaultValue?: unknown;
  cells: Record<string, ComparisonCell>;
  /** whether the products do not all show the same value */
  differs: boolean;
}

export interface VariantComparison {
  products: { code: string; productName: string; source: string }[];
  sections: string[];
  rows: ComparisonRow[];
}


/**
 * A cell's value as German text (page and terminal alike).
 *
 * @example formatComparisonValue(false) // 'aus'
 * @example formatComparisonValue(null) // '– (Benutzerrecht entscheidet)'
 */
export function formatComparisonValue(value: unknown): string {
  if (value === true) return 'an';
  if (value === false) return 'aus';
  if (value === 'alwaysOn') return 'an (immer für Gläubiger)';
  if (value === null || value === undefined) return '– (Benutzerrecht entscheidet)';
  if (Array.isArray(value)) return value.length ? value.map((v) => formatComparisonValue(v)).join(', ') : '–';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${formatComparisonValue(v)}`)
      .join(', ');
  }
  return String(value);
}

/**
 * The rows that differ between the chosen products (all rows with `all`), for `npm run variants -- diff`.
 *
 * @example compareProducts(comparison, ['SMAFA', 'TPF']).map((r) => r.key) // ['productName', …]
 */
export function compareProducts(comparison: VariantComparison, codes: string[], all = false): ComparisonRow[] {
  return comparison.rows.filter((row) => {
    if (all) return true;
    const values = codes.map((code) => JSON.stringify(row.cells[code]?.value ?? null));
    return new Set(values).size > 1;
  });
}
