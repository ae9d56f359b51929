import { germanText } from '../../commands/command-audit';

/** The German label of an enumeration value (`legalForm`, `GMBH` → 'GmbH'). */
const enumLabel = (name: string, value: string) => germanText(`enums.${name}.${value}`);

/**
 * The fields of a registration, as both forms give them (createCreditor for the admin,
 * productApplication for the onboarding; flat, amounts in cents, dates `yyyy-MM-dd`). The admin's
 * contract fields are absent in the onboarding and filled from the product there.
 */
export interface RegistrationInput {
  productType: string;
  companyName: string;
  salutation: string;
  firstName: string;
  lastName: string;
  tradeName?: string;
  foundingDate?: string;
  turnover?: number;
  onlineTurnoverRate?: number;
  factorableTurnover?: number;
  automaticallyCalculateCreditorLimit?: boolean;
  creditorLimit?: number;
  streetAndHouse: string;
  zip: string;
  city: string;
  phone: string;
  mobile?: string;
  email: string;
  legalFormKey: string;
  legalFormValue?: string;
  entitledToDeductVat?: boolean;
  vob?: boolean | string;
  registerNumber?: string;
  placeOfAuthority?: string;
  proprietor?: string;
  sepaAccountOwner: string;
  sepaIban: string;
  sepaCity: string;
  sepaDate: string;
  intermediaryNumber?: string;
  intermediaryAssetConsultantName?: string;
  assetConsultantNumber?: string;
  intermediarySalutation?: string;
  intermediaryFirstName?: string;
  intermediaryLastName?: string;
  intermediaryDepartment?: string;
  intermediaryStreet?: string;
  intermediaryZip?: string;
  intermediaryCity?: string;
  intermediaryPhone?: string;
  intermediaryEmail?: string;
  intermediaryNotes?: string;
  privacyPolicyAccepted?: boolean;
  contractDate?: string;
  buergelScore?: number;
  cspIdentifier?: string;
  cmsKey?: string;
  ddmIdentifier?: string;
  wzCode?: string;
  setupFee: number;
  minimumAnnualServiceFee?: number | string | null;
  serviceFeePeriod?: string;
  serviceFee?: number;
  serviceFeeMatrixIdentifier: string;
}

/** The contract division of every registration (document 2 §3, §9: fixed at 1). */
export const CONTRACT_DIVISION = 1;

/** A calendar day `yyyy-MM-dd` as epoch seconds (midnight UTC), as the payload's `start` wants it. */
export const epochSeconds = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

/**
 * The registration submit payload of document 2 §3 from the form's fields: nested sections,
 * division fixed at 1, the contract start as epoch seconds, `serviceFeeAnnual` only when it is a
 * number, `vob` only when it is not a string, the creditor limit absent when it is calculated.
 * This is what the booking system (the spec's SAP) registers and what the action log keeps.
 *
 * @example registrationPayload({ …, contractDate: '2026-01-01', minimumAnnualServiceFee: 'x' }, '2026-11-23')
 * // → { …, contract: { division: 1, start: 1767225600, … }, creditorServiceFee: { sapMatrixIdentifier: … } }
 */
export function registrationPayload(input: RegistrationInput, today: string) {
  const automatic = input.automaticallyCalculateCreditorLimit !== false;
  const annual = input.minimumAnnualServiceFee;
  return {
    productType: input.productType,
    companyName: input.companyName,
    legalForm: input.legalFormValue?.trim() || enumLabel('legalForm', input.legalFormKey),
    annualTurnoverGross: input.turnover ?? null,
    tradeName: input.tradeName ?? null,
    ...(automatic || input.creditorLimit === undefined ? {} : { creditorLimit: input.creditorLimit }),
    intermediary: {
      assetConsultantName: input.intermediaryAssetConsultantName ?? null,
      salutation: input.intermediarySalutation ?? null,
      firstName: input.intermediaryFirstName ?? null,
      lastName: input.intermediaryLastName ?? null,
      street: input.intermediaryStreet ?? null,
      zip: input.intermediaryZip ?? null,
      city: input.intermediaryCity ?? null,
      phone: input.intermediaryPhone ?? null,
      email: input.intermediaryEmail ?? null,
      department: input.intermediaryDepartment ?? null,
      assetConsultantNumber: input.assetConsultantNumber ?? null,
      intermediaryNumber: input.intermediaryNumber ?? null,
      notes: input.intermediaryNotes ?? null,
      privacyPolicyAccepted: input.privacyPolicyAccepted === true,
    },
    address: { streetAndHouse: input.streetAndHouse, zip: input.zip, city: input.city },
    contact: {
      salutation: input.salutation,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      mobile: input.mobile ?? null,
      email: input.email,
    },
    contract: {
      setupFee: input.setupFee,
      placeOfAuthority: input.placeOfAuthority ?? null,
      entitledToDeductVat: input.entitledToDeductVat ?? null,
      registerNumber: input.registerNumber ?? null,
      proprietor: input.proprietor ?? null,
      division: CONTRACT_DIVISION,
      start: epochSeconds(input.contractDate ?? today),
    },
    creditorServiceFee: {
      ...(typeof annual === 'number' && Number.isFinite(annual) ? { serviceFeeAnnual: annual } : {}),
      sapMatrixIdentifier: input.serviceFeeMatrixIdentifier,
    },
    legal: {
      key: input.legalFormKey,
      buergelScore: input.buergelScore ?? null,
      cspIdentifier: input.cspIdentifier ?? null,
      ddmIdentifier: input.ddmIdentifier ?? null,
      wzCode: input.wzCode ?? null,
      ...(typeof input.vob === 'string' || input.vob === undefined ? {} : { vob: input.vob }),
    },
    sepa: {
      accountOwner: input.sepaAccountOwner,
      city: input.sepaCity,
      iban: input.sepaIban,
      start: epochSeconds(input.sepaDate),
    },
  };
}

export type RegistrationPayload = ReturnType<typeof registrationPayload>;
