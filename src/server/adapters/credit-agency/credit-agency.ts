/**
 * The credit agency (the spec's CSP, document 1 §7 "POST /csp/debtor" and "determine-solvency"): it
 * identifies a debtor, proposes its limit and rates its solvency. Domain code calls only this
 * interface; `createAdapters()` picks the implementation (`CREDIT_AGENCY`, only `local` so far).
 */

export type DebtorType = 'business' | 'customer';
export type TrafficLight = 'green' | 'yellow' | 'red';

export interface IdentCheckRequest {
  debtorType: DebtorType;
  /** company name, or "first last" of a private customer */
  name: string;
  firstName?: string;
  lastName?: string;
  /** `yyyy-MM-dd` */
  dateOfBirth?: string;
  street: string;
  house: string;
  zip: string;
  city: string;
}

/** The address the agency identified the debtor at, normalised (the debtor's limit address). */
export interface LimitAddress {
  name: string;
  street: string;
  house: string;
  zip: string;
  city: string;
}

export interface IdentCheckResult {
  identified: boolean;
  /** approved debtor limit, integer euro cents */
  limit: number;
  color: TrafficLight;
  /**
   * limit reason codes (document 1 §8): customer ID_1 negative, ID_3 medium, ID_4 not uniquely
   * identified, ID_9 negative features or assignment ban, ID_10 deceased; business ID_1, ID_4, ID_9,
   * ID_10 (company dissolved). Empty when nothing speaks against the debtor.
   */
  reasonCodes: string[];
  hasBlacklistEntry: boolean;
  limitAddress: LimitAddress;
  /** the agency's id of the debtor (`CSP-` + digits), null when not identified */
  cspIdentifier: string | null;
}

export interface SolvencyCheckRequest {
  debtorType: DebtorType;
  name: string;
  street: string;
  house: string;
  zip: string;
  city: string;
  dateOfBirth?: string;
}

export interface SolvencyCheckResult {
  color: TrafficLight;
  /** solvency codes (document 1 §8): customer ID_0, 1, 3, 4, 10; business ID_0, 1, 3, 4, 8, 10 */
  reasonCode: string;
}

export interface CreditAgency {
  /** Identifies a debtor and proposes its limit (the ident check before a debtor is created). */
  identCheck(request: IdentCheckRequest): Promise<IdentCheckResult>;
  /** Rates an existing debtor's solvency (traffic light plus one reason code). */
  solvencyCheck(request: SolvencyCheckRequest): Promise<SolvencyCheckResult>;
}
