import type {
  EInvoiceBuyer,
  EInvoicePaymentMeans,
  EInvoiceSeller,
  RawAmount,
  RawDate,
  RawInvoice,
  RawVat,
} from './einvoice.types';
import { accountId, DIRECT_DEBIT_CODES } from './einvoice-codes';
import { all, attr, first, joinedText, text, textAt, type XmlNode } from './xml/xml-node';

/**
 * Element names that differ between CII D16B (ZUGFeRD 2.x / Factur-X / XRechnung CII) and the
 * older CrossIndustryDocument of ZUGFeRD 1.0; everything else is named alike in both.
 */
interface CiiVersion {
  context: string;
  document: string;
  transaction: string;
  agreement: string;
  delivery: string;
  settlement: string;
  summation: string;
}

const VERSIONS: Record<'cii' | 'cii-zugferd1', CiiVersion> = {
  cii: {
    context: 'ExchangedDocumentContext',
    document: 'ExchangedDocument',
    transaction: 'SupplyChainTradeTransaction',
    agreement: 'ApplicableHeaderTradeAgreement',
    delivery: 'ApplicableHeaderTradeDelivery',
    settlement: 'ApplicableHeaderTradeSettlement',
    summation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  },
  'cii-zugferd1': {
    context: 'SpecifiedExchangedDocumentContext',
    document: 'HeaderExchangedDocument',
    transaction: 'SpecifiedSupplyChainTradeTransaction',
    agreement: 'ApplicableSupplyChainTradeAgreement',
    delivery: 'ApplicableSupplyChainTradeDelivery',
    settlement: 'ApplicableSupplyChainTradeSettlement',
    summation: 'SpecifiedTradeSettlementMonetarySummation',
  },
};

/**
 * Maps a CII invoice (EN 16931 CII binding, CEN/TS 16931-3-3; ZUGFeRD 1.0 by its own spec) to the
 * raw invoice. Values stay as written; `finishInvoice` checks and converts them.
 *
 * @example
 * mapCii(parsed.root, 'cii').number // '471102'
 */
export function mapCii(root: XmlNode, version: 'cii' | 'cii-zugferd1'): RawInvoice {
  const v = VERSIONS[version];
  const document = first(root, v.document);
  const transaction = first(root, v.transaction);
  const agreement = first(transaction, v.agreement);
  const settlement = first(transaction, v.settlement);
  return {
    format: 'cii',
    profile: textAt(root, v.context, 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    typeCode: textAt(document, 'TypeCode'),
    number: textAt(document, 'ID'),
    issueDate: ciiDate(first(document, 'IssueDateTime', 'DateTimeString')),
    dueDate: ciiDate(first(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString')),
    deliveryDate: ciiDate(
      first(
        transaction,
        v.delivery,
        'ActualDeliverySupplyChainEvent',
        'OccurrenceDateTime',
        'DateTimeString',
      ),
    ),
    paymentTerms: joinedText(settlement, 'SpecifiedTradePaymentTerms', 'Description'),
    currency: textAt(settlement, 'InvoiceCurrencyCode'),
    amountDue: amounts(settlement, v.summation, 'DuePayableAmount'),
    grossAmount: amounts(settlement, v.summation, 'GrandTotalAmount'),
    seller: seller(first(agreement, 'SellerTradeParty')),
    buyer: buyer(first(agreement, 'BuyerTradeParty')),
    paymentMeans: version === 'cii' ? paymentMeansD16B(settlement) : paymentMeansZugferd1(settlement),
    lineCount: all(transaction, 'IncludedSupplyChainTradeLineItem').length,
    vatBreakdown: vatBreakdown(settlement),
  };
}

/** BG-23: the header's ApplicableTradeTax (ZUGFeRD 1.0 names the rate ApplicablePercent). */
function vatBreakdown(settlement: XmlNode | undefined): RawVat[] {
  return all(settlement, 'ApplicableTradeTax').map((tax) => {
    const amount = (name: string) => all(tax, name).map((node) => ({ value: text(node) ?? '', currencyId: attr(node, 'currencyID') }));
    return {
      category: textAt(tax, 'CategoryCode'),
      rate: textAt(tax, 'RateApplicablePercent') ?? textAt(tax, 'ApplicablePercent'),
      base: amount('BasisAmount'),
      tax: amount('CalculatedAmount'),
      exemptionReason: textAt(tax, 'ExemptionReason') ?? textAt(tax, 'ExemptionReasonCode'),
    };
  });
}

function ciiDate(node: XmlNode | undefined): RawDate | null {
  const value = text(node);
  return value === null ? null : { value, format: attr(node, 'format'), syntax: 'cii' };
}

function amounts(settlement: XmlNode | undefined, summation: string, name: string): RawAmount[] {
  return all(settlement, summation, name).map((node) => ({
    value: text(node) ?? '',
    currencyId: attr(node, 'currencyID'),
  }));
}

function address(party: XmlNode | undefined) {
  const postal = first(party, 'PostalTradeAddress');
  return {
    street: textAt(postal, 'LineOne'),
    zip: textAt(postal, 'PostcodeCode'),
    city: textAt(postal, 'CityName'),
    country: textAt(postal, 'CountryID'),
  };
}

/** A party's VAT id: the tax registration with scheme VA (seller BT-31, buyer BT-48); FC is the national tax number (BT-32). */
function vatIdOf(party: XmlNode | undefined): string | null {
  const vat = all(party, 'SpecifiedTaxRegistration', 'ID').find(
    (id) => attr(id, 'schemeID')?.toUpperCase() === 'VA',
  );
  return text(vat);
}

function seller(party: XmlNode | undefined): EInvoiceSeller {
  return { name: textAt(party, 'Name'), vatId: vatIdOf(party), ...address(party) };
}

function buyer(party: XmlNode | undefined): EInvoiceBuyer {
  const uri = first(party, 'URIUniversalCommunication', 'URIID');
  const electronicAddress = attr(uri, 'schemeID') === 'EM' ? text(uri) : null;
  return {
    name: textAt(party, 'Name'),
    vatId: vatIdOf(party),
    ...address(party),
    email:
      textAt(party, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID') ?? electronicAddress,
  };
}

/** D16B: mandate (BT-89) sits in the payment terms, the creditor id (BT-90) in the settlement. */
function paymentMeansD16B(settlement: XmlNode | undefined): EInvoicePaymentMeans[] {
  const mandateReference = textAt(settlement, 'SpecifiedTradePaymentTerms', 'DirectDebitMandateID');
  const creditorId = textAt(settlement, 'CreditorReferenceID');
  return all(settlement, 'SpecifiedTradeSettlementPaymentMeans').map((means) => {
    const code = textAt(means, 'TypeCode');
    const debited = textAt(means, 'PayerPartyDebtorFinancialAccount', 'IBANID');
    const directDebit = debited !== null || (code !== null && DIRECT_DEBIT_CODES.has(code));
    const payee = first(means, 'PayeePartyCreditorFinancialAccount');
    return {
      code,
      iban: accountId(textAt(payee, 'IBANID') ?? textAt(payee, 'ProprietaryID') ?? debited),
      mandateReference: directDebit ? mandateReference : null,
      creditorId: directDebit ? creditorId : null,
    };
  });
}

/** ZUGFeRD 1.0: the means' ram:ID carries the creditor id, its schemeAgencyID the mandate reference. */
function paymentMeansZugferd1(settlement: XmlNode | undefined): EInvoicePaymentMeans[] {
  return all(settlement, 'SpecifiedTradeSettlementPaymentMeans').map((means) => {
    const id = first(means, 'ID');
    const payee = first(means, 'PayeePartyCreditorFinancialAccount');
    return {
      code: textAt(means, 'TypeCode'),
      iban: accountId(
        textAt(payee, 'IBANID') ??
          textAt(payee, 'ProprietaryID') ??
          textAt(means, 'PayerPartyDebtorFinancialAccount', 'IBANID'),
      ),
      mandateReference: attr(id, 'schemeAgencyID'),
      creditorId: text(id),
    };
  });
}
