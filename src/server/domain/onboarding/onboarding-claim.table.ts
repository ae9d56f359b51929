import type { ColumnType, Generated } from 'kysely';

/**
 * A product request of the onboarding (migration 0065): a lead the provider calls back. Declared
 * here and merged into the database type, so the onboarding's table lives with its code.
 */
export interface OnboardingClaimTable {
  id: Generated<number>;
  productType: string;
  companyName: string;
  legalForm: string;
  salutation: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zip: string;
  city: string;
  turnover: number | null;
  intermediaryNumber: string | null;
  message: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../db/schema' {
  interface Database {
    onboardingClaim: OnboardingClaimTable;
  }
}
