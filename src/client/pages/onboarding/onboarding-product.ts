import { productApplicationForm } from '../../../../generated/forms/product-application';
import { productRequestForm } from '../../../../generated/forms/product-request';
import { use } from 'react';
import { variantLoaders } from '../../../../generated/products';
import type { FormConfig, VariantConfig } from '../../../shared/config-types';
import { type FormSchema, productFormSchema } from '../../../shared/onboarding/product-rules';
import type { FormValues } from '../../forms/form-schema';

/** Whether a product is offered in the onboarding (not portal-only). */
export const isOffered = (variant: VariantConfig | undefined): variant is VariantConfig => Boolean(variant?.onboarding.enabled);

/** The products' configurations asked for so far, by code (each fetched once). */
const productLoads = new Map<string, Promise<VariantConfig>>();

/**
 * The product of an onboarding route's `{type}` when it is known and offered (not portal-only), else
 * undefined. Its configuration is fetched alone (`variantLoaders`), not all eight products with the
 * page (issue 32); the page suspends while it comes (its spinner, `lazyPage`).
 *
 * @example const variant = useOfferedProduct(useParams().type); // VariantConfig of TPF for /onboarding/apply/tpf
 */
export function useOfferedProduct(type: string | undefined): VariantConfig | undefined {
  const code = type?.toUpperCase() ?? '';
  if (!Object.hasOwn(variantLoaders, code)) return undefined;
  let loading = productLoads.get(code);
  if (!loading) {
    loading = variantLoaders[code]();
    productLoads.set(code, loading);
    loading.catch(() => productLoads.delete(code)); // a failed fetch is tried again next time
  }
  const variant = use(loading);
  return isOffered(variant) ? variant : undefined;
}

/**
 * A form with one product's onboarding rules (src/shared/onboarding, the server checks the same):
 * blacklisted fields gone, the product's required fields and bounds; the hidden productType left
 * out (the page sends it). Optionally only some of its fields (a step of the application).
 */
export function productForm(base: FormConfig, variant: VariantConfig, fields?: string[], name = base.name): FormConfig {
  const full = productFormSchema(base.schema as unknown as FormSchema, variant.onboarding, { application: true });
  const keep = (field: string) => field !== 'productType' && field in full.properties && (!fields || fields.includes(field));
  const properties = Object.fromEntries(Object.entries(full.properties).filter(([field]) => keep(field)));
  const allOf = ((full.allOf as { then?: { required?: string[] } }[] | undefined) ?? []).filter((rule) =>
    (rule.then?.required ?? []).every(keep),
  );
  const order = ((base.uiSchema['ui:order'] as string[] | undefined) ?? []).filter(keep);
  // A step without a conditional field has no `allOf` at all: JSON Schema refuses an empty one, and
  // the browser's validator then checks nothing (the schema error names no field to mark).
  const { allOf: _all, ...rest } = full;
  return {
    ...base,
    name,
    schema: { ...rest, properties, required: (full.required ?? []).filter(keep), ...(allOf.length ? { allOf } : {}) },
    uiSchema: { ...base.uiSchema, 'ui:order': order },
    conditions: Object.fromEntries(Object.entries(base.conditions).filter(([field]) => keep(field))),
    // the fields it keeps of each fetched-on-demand format: a step without the IBAN field does not wait for its check
    lazyFormats: Object.fromEntries(
      Object.entries(base.lazyFormats ?? {}).map(([format, fields]) => [format, fields.filter(keep)]),
    ),
  };
}

/** The steps of the product application (document 2 §3 sections) and their fields. */
export const APPLICATION_STEPS: { key: string; fields: string[] }[] = [
  {
    key: 'company',
    fields: [
      'companyName', 'salutation', 'firstName', 'lastName', 'tradeName', 'foundingDate', 'turnover',
      'onlineTurnoverRate', 'factorableTurnover', 'automaticallyCalculateCreditorLimit', 'creditorLimit',
      'streetAndHouse', 'zip', 'city', 'phone', 'mobile', 'email',
    ],
  },
  { key: 'legal', fields: ['legalFormKey', 'legalFormValue', 'entitledToDeductVat', 'vob', 'registerNumber', 'placeOfAuthority', 'proprietor', 'cspIdentifier', 'cmsKey'] },
  { key: 'sepa', fields: ['sepaAccountOwner', 'sepaIban', 'sepaCity', 'sepaDate', 'sepaMandateAvailable'] },
  {
    key: 'intermediary',
    fields: [
      'intermediaryNumber', 'intermediaryAssetConsultantName', 'assetConsultantNumber', 'intermediarySalutation',
      'intermediaryFirstName', 'intermediaryLastName', 'intermediaryDepartment', 'intermediaryStreet',
      'intermediaryZip', 'intermediaryCity', 'intermediaryPhone', 'intermediaryEmail', 'intermediaryNotes',
    ],
  },
  { key: 'contract', fields: ['factoringRulesRead', 'privacyPolicyAccepted'] },
];

export const applicationForm = productApplicationForm;
export const requestForm = productRequestForm;

/** What the visitor has typed so far, kept in the tab (sessionStorage) while the application is filled. */
export interface ApplicationDraft {
  step: number;
  data: FormValues;
}

const draftKey = (product: string) => `kontor.onboarding.application.${product}`;

export function loadDraft(product: string): ApplicationDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(draftKey(product)) ?? 'null') as ApplicationDraft | null;
    if (stored && typeof stored.step === 'number' && stored.data && typeof stored.data === 'object') return stored;
  } catch {
    // a broken entry starts over
  }
  return { step: 0, data: {} };
}

export function saveDraft(product: string, draft: ApplicationDraft): void {
  sessionStorage.setItem(draftKey(product), JSON.stringify(draft));
}

export function clearDraft(product: string): void {
  sessionStorage.removeItem(draftKey(product));
}

/** The fields a form (or a step of it) holds. */
export const fieldsOf = (form: FormConfig): string[] => Object.keys((form.schema.properties ?? {}) as Record<string, unknown>);
