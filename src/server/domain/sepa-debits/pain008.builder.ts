import { XMLBuilder } from 'fast-xml-parser';
import { toSepaText } from './epc-charset';
import type { SequenceType } from './target-calendar';

/**
 * The pain.008.001.08 document (ISO 20022 CustomerDirectDebitInitiationV08) of one creditor
 * account and collection date, written as the EPC SDD Core implementation guidelines (EPC130-08)
 * and the German DFÜ agreement (annex 3) use it: one payment-information block per sequence type,
 * local instrument CORE, charge bearer SLEV, the creditor identifier as private identification with
 * scheme name SEPA, and "NOTPROVIDED" where a BIC is not known (IBAN-only, allowed inside SEPA).
 * Texts are turned into the SEPA character set here; amounts are cents in, euros with two decimals
 * out. The order of elements is the XSD's; tests validate every document against it
 * (tests/fixtures/iso20022/).
 */
export const PAIN_008_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08';

export interface Pain008Debit {
  endToEndId: string;
  /** cents */
  amount: number;
  mandateId: string;
  /** yyyy-MM-dd */
  mandateDate: string;
  debtorName: string;
  debtorIban: string;
  debtorBic?: string | null;
  remittance: string;
}

export interface Pain008Input {
  messageId: string;
  createdAt: Date;
  initiatingParty: string;
  creditor: { name: string; iban: string; bic?: string | null; identifier: string };
  /** yyyy-MM-dd */
  collectionDate: string;
  /** the debits per sequence type; empty groups are left out */
  debits: Partial<Record<SequenceType, Pain008Debit[]>>;
}

const SEQUENCE_ORDER: SequenceType[] = ['FRST', 'RCUR', 'FNAL'];

/** Cents as the XSD's decimal with two places: 12345 → "123.45". */
export const euros = (cents: number): string => (cents / 100).toFixed(2);

const agent = (bic?: string | null) => ({
  FinInstnId: bic ? { BICFI: bic } : { Othr: { Id: 'NOTPROVIDED' } },
});

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' });

/**
 * The document as UTF-8 text.
 *
 * @example buildPain008({ messageId: 'K1-20261201-7', …, debits: { RCUR: [ … ] } })
 */
export function buildPain008(input: Pain008Input): string {
  const groups = SEQUENCE_ORDER.filter((type) => input.debits[type]?.length).map((type) => ({
    type,
    debits: input.debits[type]!,
  }));
  const all = groups.flatMap((group) => group.debits);
  const sum = (debits: Pain008Debit[]) => debits.reduce((total, debit) => total + debit.amount, 0);
  const paymentInformation = groups.map((group) => ({
    PmtInfId: `${input.messageId}-${group.type}`,
    PmtMtd: 'DD',
    BtchBookg: 'true',
    NbOfTxs: String(group.debits.length),
    CtrlSum: euros(sum(group.debits)),
    PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'CORE' }, SeqTp: group.type },
    ReqdColltnDt: input.collectionDate,
    Cdtr: { Nm: toSepaText(input.creditor.name, 70) },
    CdtrAcct: { Id: { IBAN: input.creditor.iban } },
    CdtrAgt: agent(input.creditor.bic),
    ChrgBr: 'SLEV',
    CdtrSchmeId: { Id: { PrvtId: { Othr: { Id: input.creditor.identifier, SchmeNm: { Prtry: 'SEPA' } } } } },
    DrctDbtTxInf: group.debits.map((debit) => ({
      PmtId: { EndToEndId: debit.endToEndId },
      InstdAmt: { '#text': euros(debit.amount), '@_Ccy': 'EUR' },
      DrctDbtTx: { MndtRltdInf: { MndtId: debit.mandateId, DtOfSgntr: debit.mandateDate } },
      DbtrAgt: agent(debit.debtorBic),
      Dbtr: { Nm: toSepaText(debit.debtorName, 70) },
      DbtrAcct: { Id: { IBAN: debit.debtorIban } },
      RmtInf: { Ustrd: toSepaText(debit.remittance, 140) },
    })),
  }));
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN_008_NAMESPACE,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrDrctDbtInitn: {
        GrpHdr: {
          MsgId: input.messageId,
          CreDtTm: input.createdAt.toISOString().slice(0, 19),
          NbOfTxs: String(all.length),
          CtrlSum: euros(sum(all)),
          InitgPty: { Nm: toSepaText(input.initiatingParty, 70) },
        },
        PmtInf: paymentInformation,
      },
    },
  });
}
