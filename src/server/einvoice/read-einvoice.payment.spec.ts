import { describe, expect, it } from 'vitest';
import { invoiceOf, sample } from './testing/samples';

// Direct debits (BG-19) in the three syntaxes; the samples only pay by credit transfer.
const UBL = sample('xrechnung/01.07a-INVOICE_ubl.xml').toString('utf8');
const CII = sample('xrechnung/01.07a-INVOICE_uncefact.xml').toString('utf8');
const invoice = (xml: string) => invoiceOf(Buffer.from(xml, 'utf8'));
const ZF1 = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>
    <ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID>
  </ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument><ram:ID>ZF1-7</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20140301</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Lieferant GmbH</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name>
        <ram:DefinedTradeContact><ram:EmailURIUniversalCommunication><ram:URIID>ap@kunde.example</ram:URIID></ram:EmailURIUniversalCommunication></ram:DefinedTradeContact>
      </ram:BuyerTradeParty>
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>59</ram:TypeCode>
        <ram:ID schemeAgencyID="MANDATE-42">DE98ZZZ09999999999</ram:ID>
        <ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE02 1203 0000 0000 2020 51</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20140331</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:GrandTotalAmount currencyID="EUR">119.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount currencyID="EUR">119.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;

describe('direct debit (BG-19)', () => {
  it('UBL: mandate BT-89, creditor id BT-90 (party id with scheme SEPA), debited account BT-91', () => {
    const xml = UBL.replace(
      /<cac:PaymentMeans>[\s\S]*?<\/cac:PaymentMeans>/,
      `<cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>MANDATE-1</cbc:ID>
       <cac:PayerFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate></cac:PaymentMeans>`,
    ).replace(
      '<cac:PostalAddress>',
      '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification><cac:PostalAddress>',
    );
    expect(invoice(xml).paymentMeans).toEqual([
      {
        code: '59',
        iban: 'DE02120300000000202051',
        mandateReference: 'MANDATE-1',
        creditorId: 'DE98ZZZ09999999999',
      },
    ]);
  });

  it('CII: DirectDebitMandateID, CreditorReferenceID, PayerPartyDebtorFinancialAccount', () => {
    const xml = CII.replace(
      '<ram:InvoiceCurrencyCode>',
      '<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID><ram:InvoiceCurrencyCode>',
    )
      .replace(
        /<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*?<\/ram:SpecifiedTradeSettlementPaymentMeans>/,
        `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>59</ram:TypeCode>
         <ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>
         </ram:SpecifiedTradeSettlementPaymentMeans>`,
      )
      .replace(
        '<ram:DueDateDateTime>',
        '<ram:DirectDebitMandateID>MANDATE-1</ram:DirectDebitMandateID><ram:DueDateDateTime>',
      );
    expect(invoice(xml).paymentMeans).toEqual([
      {
        code: '59',
        iban: 'DE02120300000000202051',
        mandateReference: 'MANDATE-1',
        creditorId: 'DE98ZZZ09999999999',
      },
    ]);
  });

  it('ZUGFeRD 1.0: creditor id in ram:ID, mandate in its schemeAgencyID', () => {
    expect(invoice(ZF1)).toEqual({
      format: 'cii',
      container: 'xml',
      profile: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort',
      typeCode: '380',
      number: 'ZF1-7',
      issueDate: '2014-03-01',
      dueDate: '2014-03-31',
      paymentTerms: null,
      deliveryDate: null,
      currency: 'EUR',
      amountDue: 11900,
      grossAmount: 11900,
      seller: { name: 'Lieferant GmbH', vatId: null, street: null, zip: null, city: null, country: null },
      buyer: {
        name: 'Kunde AG',
        vatId: null,
        street: null,
        zip: null,
        city: null,
        country: null,
        email: 'ap@kunde.example',
      },
      paymentMeans: [
        {
          code: '59',
          iban: 'DE02120300000000202051',
          mandateReference: 'MANDATE-42',
          creditorId: 'DE98ZZZ09999999999',
        },
      ],
      lineCount: 0,
      // the document writes no ApplicableTradeTax
      vatBreakdown: [],
    });
  });
});
