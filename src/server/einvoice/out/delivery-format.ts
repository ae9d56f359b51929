import { defaultVariantCode, variants } from '../../../../generated/variants';
import type { EInvoiceFormatOut } from './outgoing-invoice.types';

/**
 * The invoice format of a new location whose dialog leaves it empty: the product's
 * `defaultEInvoiceFormat` (variants/*.yaml, default pdf).
 *
 * @example defaultEInvoiceFormatOf('FAS') // 'zugferd'
 */
export const defaultEInvoiceFormatOf = (product: string | undefined): EInvoiceFormatOut =>
  (product ? variants[product]?.defaultEInvoiceFormat : undefined) ?? variants[defaultVariantCode].defaultEInvoiceFormat;
