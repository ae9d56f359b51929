import { createContext, type ReactNode, useContext } from 'react';
import type { VariantConfig } from '../../shared/config-types';

/**
 * The one place the client learns which product variant it serves. Components read theme,
 * logo, contact data and permissions from here instead of branching on the product code.
 */
const VariantContext = createContext<VariantConfig | null>(null);

export function VariantProvider({ variant, children }: { variant: VariantConfig; children: ReactNode }) {
  return <VariantContext.Provider value={variant}>{children}</VariantContext.Provider>;
}

export function useVariant(): VariantConfig {
  const variant = useContext(VariantContext);
  if (!variant) throw new Error('useVariant needs a VariantProvider above it');
  return variant;
}
