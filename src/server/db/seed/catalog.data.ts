import { enums } from '../../../../generated/enums';
import type { NewRow } from '../schema';

// The provider's catalogues, shared by all creditors: service-fee matrix, states of affairs (the
// decisions the work queue asks for), terms documents. Values are enumeration values of schema/enums;
// the texts are the provider's own (German, as the portal shows them).

export const PRODUCTS = enums.productType.values.map((v) => String(v.value));
const productGroup = (group: string) => enums.productType.groups[group].values.map(String);
export const FACTORING_PRODUCTS = productGroup('factoring');
/** Cash and freight variants hide permanent debts (document 2 §4). */
export const PRODUCTS_WITHOUT_PERMANENT_DEBTS = [...productGroup('cash'), ...productGroup('freight')];
export const FREIGHT_PRODUCTS = productGroup('freight');
export const PROTECTION_PRODUCTS = productGroup('protection');

/** Three fee models per product; the first is the product's default (show-default). */
export function serviceFeeMatrix(): NewRow<'serviceFeeMatrixEntry'>[] {
  const models = [
    { key: 'STD', name: 'Standard', purchased: 2.9, notPurchased: 1.5, later: 3.4, minimum: 30_000 },
    { key: 'PLUS', name: 'Komfort', purchased: 2.4, notPurchased: 1.2, later: 2.9, minimum: 60_000 },
    { key: 'BASIS', name: 'Basis', purchased: 3.5, notPurchased: 1.9, later: 3.9, minimum: 0 },
  ];
  return PRODUCTS.flatMap((product, p) =>
    models.map((model, m) => ({
      id: p * models.length + m + 1,
      identifier: `SFM-${product}-${model.key}`,
      name: `${model.name} ${product}`,
      productType: product,
      purchasedFee: model.purchased,
      notPurchasedFee: model.notPurchased,
      notPurchasedMinimumFee: 500,
      purchasedLaterFee: model.later,
      minimumServiceFee: model.minimum,
      sapIdentifier: `Z${product}${String(m + 1).padStart(2, '0')}`,
      isDefault: m === 0,
    })),
  );
}

interface StateOfAffairsSpec {
  code: string;
  title: string;
  text: string;
  followUpAction: string;
  rejectAction?: string;
  acceptFileRequired?: boolean;
  rejectFileRequired?: boolean;
  accepted: [code: string, text: string, fullAmount: boolean, noteRequired: boolean][];
  rejected: [code: string, text: string, fullAmount: boolean, noteRequired: boolean][];
}

/** One state of affairs per follow-up kind (schema/enums/workQueueFollowUp.yaml), plus plain notes. */
export const STATES_OF_AFFAIRS: StateOfAffairsSpec[] = [
  {
    code: 'SV-101',
    title: 'Zahlung direkt beim Gläubiger eingegangen?',
    text: 'Der Kunde gibt an, die Rechnung direkt an Sie bezahlt zu haben. Bitte bestätigen Sie den Zahlungseingang.',
    followUpAction: 'direct_payment',
    accepted: [
      ['DP-FULL', 'Ja, der volle Betrag ist eingegangen', true, false],
      ['DP-PART', 'Ja, ein Teilbetrag ist eingegangen', false, true],
    ],
    rejected: [['DP-NONE', 'Nein, es ist keine Zahlung eingegangen', true, false]],
  },
  {
    code: 'SV-202',
    title: 'Reklamation eingegangen',
    text: 'Die Leistung wird reklamiert. Ist die Reklamation berechtigt?',
    followUpAction: 'credit_advice',
    rejectAction: 'default',
    rejectFileRequired: true,
    accepted: [
      ['CR-FULL', 'Berechtigt – Gutschrift über den vollen Betrag', true, false],
      ['CR-PART', 'Teilweise berechtigt – Gutschrift über einen Teilbetrag', false, true],
    ],
    rejected: [['CR-NO', 'Unberechtigt – Leistungsnachweis liegt bei', true, true]],
  },
  {
    code: 'SV-303',
    title: 'Forderungsverzicht prüfen',
    text: 'Wegen verspäteter Lieferung wird um einen Nachlass gebeten.',
    followUpAction: 'abandonment',
    accepted: [['AB-YES', 'Ja, auf den Restbetrag verzichten', true, false]],
    rejected: [['AB-NO', 'Nein, Forderung weiter verfolgen', true, false]],
  },
  {
    code: 'SV-404',
    title: 'Rechnung fehlerhaft – stornieren?',
    text: 'Die Rechnung enthält eine falsche Anschrift. Soll sie storniert werden?',
    followUpAction: 'annulation',
    accepted: [['AN-YES', 'Ja, Rechnung stornieren', true, false]],
    rejected: [['AN-NO', 'Nein, Rechnung ist korrekt', true, true]],
  },
  {
    code: 'SV-505',
    title: 'Ankauf nicht möglich – Übergabeart ändern?',
    text: 'Für diese Rechnung ist kein Ankauf möglich. Soll sie ohne Ankauf weiterbearbeitet werden?',
    followUpAction: 'exposure_type',
    accepted: [['EX-SERVICE', 'Ja, ohne Ankauf weiterbearbeiten', true, false]],
    rejected: [['EX-CANCEL', 'Nein, Rechnung zurückziehen', true, false]],
  },
  {
    code: 'SV-606',
    title: 'Rechnungskopie fehlt',
    text: 'Die Rechnung ist nicht angekommen. Bitte laden Sie eine Kopie hoch.',
    followUpAction: 'voucher_upload',
    acceptFileRequired: true,
    accepted: [['UP-COPY', 'Kopie hochladen', true, false]],
    rejected: [['UP-NONE', 'Keine Kopie vorhanden', true, true]],
  },
  {
    code: 'SV-707',
    title: 'Anschrift unzustellbar',
    text: 'Die Post kam als unzustellbar zurück. Kennen Sie eine neue Anschrift?',
    followUpAction: 'default',
    accepted: [['AD-NEW', 'Ja, neue Anschrift in der Notiz', true, true]],
    rejected: [['AD-UNKNOWN', 'Nein, Anschrift unbekannt', true, false]],
  },
];

export function statesOfAffairs(importedAt: string) {
  const states: NewRow<'stateOfAffairs'>[] = STATES_OF_AFFAIRS.map((s) => ({
    code: s.code,
    title: s.title,
    text: s.text,
    followUpAction: s.followUpAction,
    rejectAction: s.rejectAction ?? 'default',
    acceptFileRequired: s.acceptFileRequired ?? false,
    rejectFileRequired: s.rejectFileRequired ?? false,
    importedAt,
  }));
  const options: NewRow<'stateOfAffairsOption'>[] = STATES_OF_AFFAIRS.flatMap((s) =>
    [...s.accepted.map((o) => [true, o] as const), ...s.rejected.map((o) => [false, o] as const)].map(
      ([accepted, [code, text, fullAmount, noteRequired]], position) => ({
        stateCode: s.code,
        accepted,
        code,
        text,
        fullAmount,
        noteRequired,
        position,
      }),
    ),
  );
  return { states, options };
}

export const TERMS_VERSIONS = [
  { version: '2024.1', modified: '2024-01-15T09:00:00Z' },
  { version: '2025.2', modified: '2025-06-01T09:00:00Z' },
];
export const TERMS_CHANGES_TEXT =
  'Wir haben die Allgemeinen Geschäftsbedingungen und die Vereinbarung zur Auftragsverarbeitung an die ' +
  'aktuelle Rechtslage angepasst. Bitte lesen und bestätigen Sie die neuen Fassungen.';

/** Every terms document type in every version for every product (ids in this order). */
export function termsDocuments(): NewRow<'termsDocument'>[] {
  const types = enums.termsDocumentType.values.map((v) => String(v.value));
  let id = 0;
  return PRODUCTS.flatMap((product) =>
    TERMS_VERSIONS.flatMap(({ version, modified }) =>
      types.map((documentType) => ({
        id: ++id,
        productType: product,
        documentType,
        version,
        source: `/documents/${product.toLowerCase()}/${documentType}-${version}.pdf`,
        modifiedAt: modified,
      })),
    ),
  );
}

/** Action types of the action log (GET /action-type/list); not an enumeration of the spec. */
export const ACTION_TYPES = [
  'login',
  'impersonation',
  'voucher_upload',
  'voucher_cancel',
  'voucher_comment',
  'dunning_block',
  'debtor_create',
  'debtor_update',
  'limit_increase',
  'creditor_register',
  'creditor_block',
  'creditor_disable_block',
  'creditor_terminate',
  'creditor_reactivate',
  'creditor_permission_update',
  'sepa_update_request',
  'sepa_update_accept',
  'sepa_update_decline',
  'debtor_assign',
  'user_disable',
  'user_enable',
  'password_reset',
  'service_fee_condition_create',
  'state_of_affairs_import',
  'csv_export',
];
