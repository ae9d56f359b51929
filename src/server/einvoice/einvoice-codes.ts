/**
 * Code lists of EN 16931 the reader checks against (standard lists, not project statuses).
 * Written out instead of taken from Intl so the result does not depend on the ICU version.
 */

/** ISO 4217 active codes (BT-5), without XXX "no currency" and XTS "testing". */
const CURRENCIES = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP ' +
    'GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW ' +
    'KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD ' +
    'NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE ' +
    'SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED ' +
    'VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG ZWL'
  ).split(' '),
);

/** ISO 3166-1 alpha-2 (BT-40, BT-55), plus XI (Northern Ireland) and 1A (Kosovo) of the EN 16931 list. */
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
    'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
    'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
    'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
    'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
    'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
    'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
    'VG VI VN VU WF WS YE YT ZA ZM ZW XI 1A'
  ).split(' '),
);

/**
 * Invoice type codes EN 16931 allows for BT-3 (UNTDID 1001 subset: commercial invoice 380, credit
 * note 381, corrected 384, self-billed 389, partial 326, final construction invoice 877, …). Any
 * other code (220 order, 351 despatch advice, …) means the document is not an invoice.
 */
const INVOICE_TYPE_CODES = new Set(
  (
    '71 80 81 82 83 84 102 130 202 203 204 211 218 219 261 262 295 296 308 325 326 331 380 381 382 383 ' +
    '384 385 386 387 388 389 390 393 394 395 396 420 456 457 458 527 532 553 575 623 633 751 780 817 870 ' +
    '875 876 877 935'
  ).split(' '),
);

/** Payment means codes (UNTDID 4461) of direct debits: 49 direct debit, 59 SEPA direct debit. */
export const DIRECT_DEBIT_CODES = new Set(['49', '59']);

export const isCurrencyCode = (code: string): boolean => CURRENCIES.has(code);
export const isCountryCode = (code: string): boolean => COUNTRIES.has(code);
export const isInvoiceTypeCode = (code: string): boolean => INVOICE_TYPE_CODES.has(code);

/**
 * Account ids without spaces and upper-case (electronic IBAN format), as XRechnung requires and
 * IBAN checks expect.
 *
 * @example
 * accountId('DE88 2008 0000 0970 3757 00') // 'DE88200800000970375700'
 */
export function accountId(value: string | null): string | null {
  return value === null ? null : value.replace(/\s+/g, '').toUpperCase();
}
