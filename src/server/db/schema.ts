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
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T = unknown> = ColumnType<T, string | undefined, string>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
/** numeric(5,2) percent, parsed to number; enumeration columns are domains over text (0002). */
type Percent = number | null;

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
  salutation: string | null;
  contactName: string | null;
  mobileNumber: string | null;
  legalForm: string | null;
  registerNumber: string | null;
  placeOfAuthority: string | null;
  proprietor: string | null;
  contractNumber: string | null;
  contractStart: CalendarDate | null;
  contractDate: CalendarDate | null;
  foundingDate: CalendarDate | null;
  entitledToDeductVat: boolean | null;
  vob: boolean | null;
  annualTurnover: number | null;
  onlineTurnoverRate: Percent;
  factorableTurnover: number | null;
  creditorLimit: number | null;
  serviceFee: Percent;
  setupFee: number | null;
  creditScore: number | null;
  cmsKey: string | null;
  wzCode: string | null;
  cspIdentifier: string | null;
  ddmIdentifier: string | null;
  sepaAccountOwner: string | null;
  sepaIban: string | null;
  sepaCity: string | null;
  sepaDate: CalendarDate | null;
  sepaExpiredDate: CalendarDate | null;
  sepaReferenceNumber: string | null;
  documentsEnabled: Generated<boolean>;
  invoicesEnabled: Generated<boolean>;
  webAppKey: string | null;
  /** admin-set creditor permissions by server name, e.g. `{ invoice_direct_payment: true }` */
  permissions: Json<Record<string, boolean>>;
  defaultExposureType: string | null;
  isServiceFeePeriodActive: Generated<boolean>;
  apiErrorCount: Generated<number>;
  registrationState: string | null;
  sentToSapAt: NullableTimestamp;
  /** the seller data of its e-invoices (0170): VAT id BT-31 (compact upper case), the account debtors pay to (BG-17) */
  vatId: string | null;
  invoiceIban: string | null;
  invoiceBic: string | null;
  /** Gläubiger-ID (SEPA creditor identifier) of pain.008 files, checked (0180) */
  sepaCreditorIdentifier: string | null;
  sepaBic: string | null;
  /** DATEV EXTF header and accounts (0181); null: not set up yet */
  datevConsultantNumber: number | null;
  datevClientNumber: number | null;
  datevFiscalYearStartMonth: Generated<number>;
  datevAccountLength: Generated<number>;
  datevChart: Generated<string>;
  datevCollectiveDebtorAccount: number | null;
}

export interface CreditorIntermediaryTable {
  creditorId: number;
  assetConsultantName: string | null;
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  department: string | null;
  assetConsultantNumber: string | null;
  intermediaryNumber: string | null;
  notes: string | null;
  privacyPolicyAccepted: Generated<boolean>;
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
  /** every access token carries it; raising it ends every session of the user (issue 26) */
  sessionVersion: Generated<number>;
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
  /** the login the token descends from (rotations keep it); a logout or a reuse revokes it all */
  family: string;
  revokedAt: NullableTimestamp;
  createdAt: Timestamp;
}

/** A forgotten-password link (/login/{userId}/reset-password/{identifier}): 60 minutes, single use. */
export interface PasswordResetRequestTable {
  id: Generated<number>;
  userId: number;
  identifier: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
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
  /** USt-IdNr., compact upper case (0086) */
  vatId: string | null;
  /** a mandate returned as "no mandate" (MD01, 0180) */
  sepaMandateFlaggedAt: NullableTimestamp;
  sepaMandateFlagCode: string | null;
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
  /** the format its invoices are delivered in (0170, enum eInvoiceFormat) and a public buyer's Leitweg-ID (BT-10) */
  eInvoiceFormat: Generated<string>;
  leitwegId: string | null;
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
  performanceDateIndex: Generated<number>;
  attachmentFileName: string | null;
  attachmentSource: string | null;
  officialVoucherSource: string | null;
  /** the stop (server name permanentVoucherStop) */
  stoppedAt: NullableTimestamp;
  stopOfficialVoucherSource: string | null;  /** the attachment's bytes (0056) */
  attachmentContent: Buffer | null;
}

/** A voucher from upload to balancing; unprocessed while requiresProcessing and no official number. */
export interface VoucherTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number | null;
  locationId: number | null;
  permanentDebtId: number | null;
  /** the period (execution date) an invoice of a permanent debt is for (0056), unique per permanent debt */
  permanentDebtPeriod: CalendarDate | null;
  parentId: number | null;
  customNumber: string | null;
  officialVoucherNumber: string | null;
  type: string;
  status: Generated<string>;
  subStatus: Generated<string>;
  purchaseStatus: Generated<string>;
  purchaseStatusReason: number | null;
  source: Generated<string>;
  requiresProcessing: Generated<boolean>;
  exposureType: string | null;
  amount: Cents;
  leftoverAmount: Cents;
  initialLeftoverAmount: number | null;
  voucherDate: CalendarDate | null;
  performanceDate: CalendarDate | null;
  paymentDeadline: CalendarDate | null;
  uploadedAt: Timestamp;
  bnetId: string | null;
  bnetStatus: number | null;
  bnetPurchaseStatus: string | null;
  processingStatus: string | null;
  pendingStatus: string | null;
  dunningType: string | null;
  dunningStatus: string | null;
  dunningBlockCount: Generated<number>;
  /** last day of a running dunning stop (0031) */
  dunningBlockUntil: CalendarDate | null;
  /** stop days used on dunningBlockLevel, the first day of the running stop (0111, at most 10 per level) */
  dunningBlockDaysUsed: Generated<number>;
  dunningBlockLevel: string | null;
  dunningBlockFrom: CalendarDate | null;
  /** sub-status and dunning type before a dunning stop, dispute or delay; restored when it ends (0031) */
  resumeSubStatus: string | null;
  resumeDunningType: string | null;
  firstDunningDate: CalendarDate | null;
  customisedLabel: string | null;
  balancingVoucherNumber: string | null;
  isBalancingVoucher: Generated<boolean>;
  sapNumber: string | null;
  userEmail: string | null;
  documentId: string | null;
  originalName: string | null;
  officialVoucherSource: string | null;
  comment: string | null;
  encashmentFileNumber: string | null;
  serviceFeeRate: Percent;
  serviceFeeAmount: number | null;
  deliveryType: string | null;
  email: string | null;
  emailCopy: string | null;
  emailBlindCopy: string | null;
  emailMarkedForDebtor: string | null;
  endOfPauseAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** what document processing read (0050) */
  documentData: ColumnType<unknown, string | null | undefined, string | null>;
  /** the uploaded e-invoice's VAT breakdown BG-23 (StoredVat[], cents), null for a plain PDF (0200) */
  vatBreakdown: ColumnType<unknown, string | null | undefined, string | null>;
  /** the debtor's and the location's name as sort keys of the list, kept by triggers (0087); never written */
  debtorSortName: ColumnType<string | null, never, never>;
  locationSortName: ColumnType<string | null, never, never>;
  /** the sub-status's group of schema/enums/voucherSubStatus.yaml, generated from it (0090); never written */
  subStatusGroup: ColumnType<string | null, never, never>;
}

/**
 * How many vouchers a creditor has per combination of the columns the common list filters read,
 * kept exact by statement triggers on voucher (0087); the list's count sums it.
 */
export interface VoucherTallyTable {
  creditorId: number;
  status: string;
  subStatus: string;
  type: string;
  purchaseStatus: string;
  source: string;
  vouchers: number;
}

export interface VoucherAttachmentTable {
  id: Generated<number>;
  creditorId: number;
  voucherId: number;
  fileName: string;
  path: string;
  mimeType: string | null;
  sizeBytes: number | null;
  createdAt: Timestamp;
}

export interface VoucherHistoryTable {
  id: Generated<number>;
  creditorId: number;
  voucherId: number;
  type: string;
  value: string | null;
  title: string | null;
  text: string | null;
  userEmail: string | null;
  createdAt: Timestamp;
  /** history event key of schema/commands (null for document processing and work-queue rows) */
  event: string | null;
  payload: NullableJson;
}

export interface VoucherBalancingTable {
  creditorId: number;
  balancedVoucherId: number;
  balancingVoucherId: number;
  amount: number;
  balancedDate: CalendarDate;
}

export interface LogItemTable {
  id: Generated<number>;
  creditorId: number;
  voucherId: number | null;
  debtorId: number | null;
  channel: string;
  message: string;
  context: NullableJson;
  extra: NullableJson;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DebtorHistoryTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number;
  locationId: number | null;
  title: string;
  text: string | null;
  userEmail: string | null;
  createdAt: Timestamp;
  /** history event key of schema/commands (null for rows written before the command layer) */
  event: string | null;
  payload: NullableJson;
}

export interface StateOfAffairsTable {
  code: string;
  title: string;
  text: string | null;
  followUpAction: Generated<string>;
  rejectAction: Generated<string>;
  acceptFileRequired: Generated<boolean>;
  rejectFileRequired: Generated<boolean>;
  importedAt: Timestamp;
}

export interface StateOfAffairsOptionTable {
  id: Generated<number>;
  stateCode: string;
  /** true: an accepted option, false: a rejected option */
  accepted: boolean;
  code: string;
  text: string;
  fullAmount: Generated<boolean>;
  noteRequired: Generated<boolean>;
  position: Generated<number>;
}

export interface WorkQueueItemTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number | null;
  locationId: number | null;
  stateOfAffairsCode: string | null;
  status: Generated<string>;
  title: string;
  text: string | null;
  fileIdentifier: string | null;
  transactionKey: string | null;
  documentUrls: ColumnType<string[], string[] | undefined, string[]>;
  answerCode: string | null;
  answerFollowUp: string | null;
  answerNote: string | null;
  answeredByUserId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: NullableTimestamp;
  sentAt: NullableTimestamp;
  /** what made the local back office raise the item (0055), one item per cause */
  originKey: string | null;
}

/** A file an answer to a work-queue item carries (0055). */
export interface WorkQueueAnswerFileTable {
  id: Generated<number>;
  creditorId: number;
  workQueueItemId: number;
  name: string;
  contentType: string;
  size: number;
  content: Buffer;
  createdAt: Timestamp;
}

export interface WorkQueueMessageTable {
  id: Generated<number>;
  creditorId: number;
  workQueueItemId: number;
  sender: string;
  text: string;
  createdAt: Timestamp;
}

export interface WorkQueueVoucherTable {
  creditorId: number;
  workQueueItemId: number;
  voucherId: number;
  isCounterVoucher: Generated<boolean>;
}

export interface NotificationTable {
  id: Generated<number>;
  creditorId: number;
  userId: number;
  status: Generated<string>;
  type: string | null;
  title: string;
  message: string | null;
  voucherId: number | null;
  debtorId: number | null;
  createdAt: Timestamp;
}

export interface CreditorVoucherTable {
  id: Generated<number>;
  creditorId: number;
  type: string;
  amount: number;
  sapNumber: string | null;
  sapReferenceNumber: string | null;
  archiveSourceFile: string | null;
  voucherDate: CalendarDate;
  readStatus: Generated<string>;
  createdAt: Timestamp;
}

export interface EmailReminderSettingTable {
  id: Generated<number>;
  creditorId: number;
  email: string;
  frequency: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** when the address was last sent its reminder digest (0041) */
  lastRemindedAt: NullableTimestamp;
}

export interface TermsDocumentTable {
  id: Generated<number>;
  productType: string;
  documentType: string;
  version: string;
  source: string;
  modifiedAt: ColumnType<Date, Date | string, Date | string>;
}

/** Terms one user (the main user) is asked to accept; open while acceptedAt is null. */
export interface TermsApprovalTable {
  id: Generated<number>;
  creditorId: number;
  userId: number;
  changesText: string | null;
  createdAt: Timestamp;
  acceptedAt: NullableTimestamp;
}

export interface TermsApprovalDocumentTable {
  termsApprovalId: number;
  termsDocumentId: number;
}

export interface ServiceFeeMatrixEntryTable {
  id: Generated<number>;
  identifier: string;
  name: string;
  productType: string;
  purchasedFee: Percent;
  notPurchasedFee: Percent;
  notPurchasedMinimumFee: number | null;
  purchasedLaterFee: Percent;
  minimumServiceFee: number | null;
  sapIdentifier: string | null;
  isDefault: Generated<boolean>;
  createdAt: Timestamp;
}

export interface CreditorServiceFeeConditionTable {
  id: Generated<number>;
  creditorId: number;
  matrixEntryId: number;
  status: string;
  validFromDate: CalendarDate;
  isDefault: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ServiceFeePeriodTable {
  id: Generated<number>;
  creditorId: number;
  startDate: CalendarDate;
  endDate: CalendarDate;
  currentAnnualServiceFee: number;
  chargedAmount: Cents;
  nextPeriodAnnualServiceFee: number | null;
  createdAt: Timestamp;
}

export interface SepaUpdateRequestTable {
  id: Generated<number>;
  creditorId: number;
  status: Generated<string>;
  accountOwner: string;
  iban: string;
  startSepaDate: CalendarDate | null;
  creatorUserId: number;
  createdAt: Timestamp;
  decisionAt: NullableTimestamp;
  decisionUserId: number | null;
}

/** The stored ident-check response (POST /csp/debtor); resolved once the debtor is created or assigned. */
export interface PendingDebtorDecisionTable {
  id: Generated<number>;
  creditorId: number;
  userId: number | null;
  debtorId: number | null;
  locationId: number | null;
  hasBlacklistEntry: Generated<boolean>;
  isNewLocation: Generated<boolean>;
  requiresDebtorAssignment: Generated<boolean>;
  identificationReason: string | null;
  newDebtorLimit: number | null;
  newDebtorLimitColor: string | null;
  reasonCodes: ColumnType<string[], string[] | undefined, string[]>;
  limitName: string | null;
  limitStreet: string | null;
  limitHouse: string | null;
  limitZip: string | null;
  limitCity: string | null;
  requestIsBusiness: boolean;
  requestName: string;
  requestContact: string | null;
  requestStreetAndHouse: string | null;
  requestZip: string | null;
  requestCity: string | null;
  requestDateOfBirth: CalendarDate | null;
  requestEmail: string | null;
  requestPhone: string | null;
  createdAt: Timestamp;
  resolvedAt: NullableTimestamp;
}

export interface DebtorAssignmentTable {
  id: Generated<number>;
  creditorId: number;
  status: Generated<string>;
  voucherId: number | null;
  pendingDecisionId: number | null;
  manualDecisionReason: string | null;
  requestDate: NullableTimestamp;
  normalizedName: string | null;
  normalizedStreet: string | null;
  normalizedHouse: string | null;
  normalizedZip: string | null;
  normalizedCity: string | null;
  limitName: string | null;
  limitStreet: string | null;
  limitHouse: string | null;
  limitZip: string | null;
  limitCity: string | null;
  assignedDebtorId: number | null;
  assignedLocationId: number | null;
  decidedByUserId: number | null;
  decidedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ActionLogEntryTable {
  id: Generated<number>;
  userId: number | null;
  actionType: string;
  productType: string | null;
  payload: NullableJson;
  adminEmail: string | null;
  userEmail: string | null;
  creditorId: number | null;
  creditorIdentifier: Generated<string>;
  debtorIdentifier: Generated<string>;
  voucherIdentifier: Generated<string>;
  creditorSapNumber: Generated<string>;
  debtorSapNumber: Generated<string>;
  voucherReference: Generated<string>;
  voucherSapNumber: Generated<string>;
  transactionKey: string | null;
  createdAt: Timestamp;
}

/** 0088: one row per creditor and writing transaction that changed data the dashboard keeps. */
export interface DashboardChangeTable {
  creditorId: number;
  /** xid8, read as text */
  xid: ColumnType<string, never, never>;
}

/** 0088: the dashboard's kept figures (dashboard-figures.repository.ts). */
export interface DashboardFiguresTable {
  creditorId: number;
  day: CalendarDate;
  /** pg_snapshot as text */
  snapshot: string;
  figures: Json<Record<string, unknown>>;
  computedAt: Timestamp;
}

/** (0120) the first answer to a request with an Idempotency-Key, per user and key, for 24 hours */
export interface IdempotencyKeyTable {
  userId: number;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
  /** null while the request is still running */
  statusCode: number | null;
  responseBody: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface Database {
  idempotencyKey: IdempotencyKeyTable;
  appSetting: AppSettingTable;
  creditor: CreditorTable;
  creditorIntermediary: CreditorIntermediaryTable;
  appUser: AppUserTable;
  refreshToken: RefreshTokenTable;
  passwordResetRequest: PasswordResetRequestTable;
  debtor: DebtorTable;
  debtorHistory: DebtorHistoryTable;
  location: LocationTable;
  permanentDebt: PermanentDebtTable;
  voucher: VoucherTable;
  voucherTally: VoucherTallyTable;
  voucherAttachment: VoucherAttachmentTable;
  voucherHistory: VoucherHistoryTable;
  voucherBalancing: VoucherBalancingTable;
  dashboardChange: DashboardChangeTable;
  dashboardFigures: DashboardFiguresTable;
  logItem: LogItemTable;
  stateOfAffairs: StateOfAffairsTable;
  stateOfAffairsOption: StateOfAffairsOptionTable;
  workQueueItem: WorkQueueItemTable;
  workQueueMessage: WorkQueueMessageTable;
  workQueueVoucher: WorkQueueVoucherTable;
  workQueueAnswerFile: WorkQueueAnswerFileTable;
  notification: NotificationTable;
  creditorVoucher: CreditorVoucherTable;
  emailReminderSetting: EmailReminderSettingTable;
  termsDocument: TermsDocumentTable;
  termsApproval: TermsApprovalTable;
  termsApprovalDocument: TermsApprovalDocumentTable;
  serviceFeeMatrixEntry: ServiceFeeMatrixEntryTable;
  creditorServiceFeeCondition: CreditorServiceFeeConditionTable;
  serviceFeePeriod: ServiceFeePeriodTable;
  sepaUpdateRequest: SepaUpdateRequestTable;
  pendingDebtorDecision: PendingDebtorDecisionTable;
  debtorAssignment: DebtorAssignmentTable;
  actionLogEntry: ActionLogEntryTable;
  mailOutbox: MailOutboxTable;
  bookingRequest: BookingRequestTable;
  solvencyCheck: SolvencyCheckTable;
  companyUserInvitation: CompanyUserInvitationTable;
  storedFile: StoredFileTable;
  processingJob: ProcessingJobTable;
  sepaDebitFile: SepaDebitFileTable;
  sepaDebit: SepaDebitTable;
}

/** A pain.008.001.08 file: one creditor account and collection date (0180). */
export interface SepaDebitFileTable {
  id: Generated<number>;
  creditorId: number;
  collectionDate: CalendarDate;
  messageId: string;
  creditorIban: string;
  numberOfTransactions: number;
  controlSum: Cents;
  content: string;
  createdByUserId: number | null;
  createdAt: Timestamp;
}

/** One direct debit of a voucher in a file; at most one submitted per voucher (0180). */
export interface SepaDebitTable {
  id: Generated<number>;
  creditorId: number;
  fileId: number;
  voucherId: number;
  debtorId: number;
  endToEndId: string;
  sequenceType: string;
  mandateReference: string;
  mandateDate: CalendarDate;
  amount: Cents;
  status: Generated<string>;
  returnCode: string | null;
  returnedAt: NullableTimestamp;
}

/** Mail waiting to be sent (0030): written in a command's transaction, sent after commit. */
export interface MailOutboxTable {
  id: Generated<number>;
  creditorId: number | null;
  productType: string | null;
  recipient: string;
  template: string;
  params: Json;
  /** (0051) [{ filename, contentType, content: base64 }] — kept in the row so a retry still has them */
  attachments: ColumnType<unknown, string | undefined, string>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  sentAt: NullableTimestamp;
  messageId: string | null;
  createdAt: Timestamp;
  /** (0140) given up after too many failed attempts; an admin may retry it */
  parkedAt: NullableTimestamp;
}

/** A request to the booking system (the spec's SAP), decided by it later (0030). */
export interface BookingRequestTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number | null;
  userId: number | null;
  kind: string;
  payload: Json;
  status: Generated<string>;
  decision: NullableJson;
  decideAfter: Timestamp;
  decidedAt: NullableTimestamp;
  createdAt: Timestamp;
}

/** A solvency check a creditor ran (0030). */
export interface SolvencyCheckTable {
  id: Generated<number>;
  creditorId: number;
  debtorId: number;
  userId: number | null;
  color: string;
  reasonCode: string;
  createdAt: Timestamp;
}

export type Creditor = Selectable<CreditorTable>;
export type AppUser = Selectable<AppUserTable>;
export type Debtor = Selectable<DebtorTable>;
export type Voucher = Selectable<VoucherTable>;
export type NewDebtor = Insertable<DebtorTable>;
export type NewLocation = Insertable<LocationTable>;
export type NewVoucher = Insertable<VoucherTable>;
export type NewPermanentDebt = Insertable<PermanentDebtTable>;
/** Insertable row of any table, e.g. `NewRow<'workQueueItem'>`. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

/** The one-time set-password link of a newly registered company user (0041); only the token's hash. */
export interface CompanyUserInvitationTable {
  id: Generated<number>;
  /** null for an administrator's invitation (0085) */
  creditorId: number | null;
  userId: number;
  tokenHash: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
  invitedByUserId: number | null;
  createdAt: Timestamp;
}

/** An uploaded file kept in the database (0050): served by GET /api/files/... to its creditor only. */
export interface StoredFileTable {
  id: Generated<number>;
  creditorId: number;
  path: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  content: Buffer;
  createdAt: Timestamp;
}

/** The document-processing job of one uploaded voucher (0050): the next stage and when it is due. */
export interface ProcessingJobTable {
  id: Generated<number>;
  creditorId: number;
  voucherId: number;
  stage: string;
  runAt: Timestamp;
  attempts: Generated<number>;
  lastError: string | null;
  doneAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** (0140) given up after too many failed attempts; an admin may retry it */
  parkedAt: NullableTimestamp;
}
