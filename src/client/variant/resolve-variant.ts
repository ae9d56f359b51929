import type { VariantConfig } from '../../shared/config-types';

/**
 * Picks the product variant served on a host name: the variant listing the host in `hosts`,
 * otherwise the default variant (SMAFA). The port never matters.
 *
 * @example resolveVariant('tpf.localhost', variants, 'SMAFA').code // 'TPF'
 */
export function resolveVariant(
  hostname: string,
  variants: Record<string, VariantConfig>,
  defaultCode: string,
): VariantConfig {
  const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const match = Object.values(variants).find((variant) =>
    variant.hosts.some((candidate) => candidate.toLowerCase() === host),
  );
  const fallback = variants[defaultCode];
  if (!match && !fallback)
    throw new Error(`No variant for host ${host} and no default variant ${defaultCode}`);
  return match ?? fallback;
}
