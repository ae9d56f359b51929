import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Kysely's view of the tables in `migrations/` (camelCase through CamelCasePlugin).
 * Kept by hand beside the SQL: a new migration updates this file in the same change.
 */

/** timestamptz: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** date: read and written as `yyyy-MM-dd` (see the type parsers in database.ts). */
type CalendarDate = string;
/** bigint cents, parsed to number. */
type Cents = ColumnType<number, number | undefined, number>;

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface CreditorTable {
  id: Generated<number>;
  identifier: string;
  name: string;
  tradeName: string | null;
  status: Generated<string>;
  product: string;
  sapNumber: string | null;
  approvedLimit: Cents;
  availableLimit: Cents;
  street: string | null;
  house: string | null;
  zip: string | null;
  city: string | null;
  country: Generated<string>;
  email: string | null;
  phone: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppUserTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  passwordHash: string;
  roles: string[];
  product: string;
  permissions: ColumnType<Record<string, unknown>, string | undefined, string>;
  optIn: Generated<boolean>;
  passwordUpdateRequired: Generated<boolean>;
  askForContactInformationChanges: Generated<boolean>;
  status: Generated<string>;
  creditorId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  product: string | null;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
}

export interface DebtorTable {
  id: Generated<number>;
  creditorId: number;
  identifier: string;
  name: string;
  debtorType: string;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: CalendarDate | null;
  status: Generated<string>;
  sapNumber: string | null;
  paymentMethod: Generated<string>;
  street: string | null;
  house: string | null;
  zip: string | null;
  city: string | null;
  country: Generated<string>;
  approvedLimit: Cents;
  availableLimit: Cents;
  limitExpiredDate: NullableTimestamp;
  limitUpdateDate: NullableTimestamp;
  isOnBlackList: Generated<boolean>;
  limitRequestActive: Generated<boolean>;
  solvencyColor: string | null;
  solvencyReasonCode: string | null;
  solvencyDate: NullableTimestamp;
  sepaAccountOwner: string | null;
  sepaCity: string | null;
  sepaDate: CalendarDate | null;
  sepaExpiredDate: CalendarDate | null;
  sepaIban: string | null;
  sepaReferenceNumber: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface LocationTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number;
  identifier: string;
  name: string;
  customDebtorNumber: string | null;
  deliveryType: Generated<string>;
  status: Generated<string>;
  addressFirstName: string | null;
  addressName: string;
  street: string;
  house: string | null;
  zip: string;
  city: string;
  country: Generated<string>;
  postFirstName: string | null;
  postName: string | null;
  postStreet: string | null;
  postHouse: string | null;
  postZip: string | null;
  postCity: string | null;
  postCountry: string | null;
  postPoBox: string | null;
  contactPerson: string | null;
  email: string | null;
  telephone: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PermanentDebtTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number;
  locationId: number;
  customNumber: string;
  subject: string;
  description: string | null;
  grossAmount: Cents;
  netAmount: Cents;
  vat: Generated<number>;
  period: string;
  status: Generated<string>;
  startDate: CalendarDate;
  endDate: CalendarDate | null;
  nextExecutionDate: CalendarDate | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VoucherTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number;
  locationId: number;
  permanentDebtId: number | null;
  customNumber: string;
  officialVoucherNumber: string | null;
  type: string;
  status: Generated<string>;
  purchaseStatus: Generated<string>;
  amount: Cents;
  leftoverAmount: Cents;
  voucherDate: CalendarDate;
  performanceDate: CalendarDate | null;
  paymentDeadline: CalendarDate | null;
  uploadedAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface Database {
  appSetting: AppSettingTable;
  creditor: CreditorTable;
  appUser: AppUserTable;
  refreshToken: RefreshTokenTable;
  debtor: DebtorTable;
  location: LocationTable;
  permanentDebt: PermanentDebtTable;
  voucher: VoucherTable;
}

export type Creditor = Selectable<CreditorTable>;
export type AppUser = Selectable<AppUserTable>;
export type Debtor = Selectable<DebtorTable>;
export type NewDebtor = Insertable<DebtorTable>;
export type NewLocation = Insertable<LocationTable>;
export type NewVoucher = Insertable<VoucherTable>;
export type NewPermanentDebt = Insertable<PermanentDebtTable>;
