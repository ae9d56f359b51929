import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCreditorIdentifier, normalizeCreditorIdentifier } from '../../../shared/validation/creditor-identifier.rules';
import { isSepaIdentifier, isSepaText, toSepaText } from './epc-charset';
import { readReturnFile } from './return-file.reader';
import { addDays } from '../../../shared/validation/german-input.parse';
import { addTargetDays, earliestCollectionDate, isTargetDay, LEAD_TARGET_DAYS, type SequenceType, targetDayOnOrAfter } from './target-calendar';

describe('EPC character set', () => {
  it('transliterates German letters as the German banks do, other diacritics dropped', () => {
    expect(toSepaText('Müller & Söhne GmbH', 70)).toBe('Mueller + Soehne GmbH');
    expect(toSepaText('ÄÖÜ äöü ß', 70)).toBe('AeOeUe aeoeue ss');
    expect(toSepaText('Café Señor Łódź', 70)).toBe('Cafe Senor Lodz');
    expect(toSepaText('„Zitat“ ‚x‘ a@b c_d', 70)).toBe("'Zitat' 'x' a(at)b c-d");
  });
  it('replaces what has no SEPA form, collapses blanks and cuts to the length', () => {
    expect(toSepaText('A€B  \n  C', 70)).toBe('A.B C');
    expect(toSepaText('x'.repeat(200), 140)).toHaveLength(140);
    for (const text of ['Jürgen Öztürk-Straße 5 €', '日本 Ω']) expect(isSepaText(toSepaText(text, 70))).toBe(true);
  });
  it('checks identifiers: no blank, no leading or trailing slash, no double slash, at most 35', () => {
    expect(isSepaIdentifier('MREF-2025/001')).toBe(true);
    expect(isSepaIdentifier('MREF 1')).toBe(false);
    expect(isSepaIdentifier('/MREF')).toBe(false);
    expect(isSepaIdentifier('A//B')).toBe(false);
    expect(isSepaIdentifier('x'.repeat(36))).toBe(false);
  });
});

describe('creditor identifier (Gläubiger-ID)', () => {
  it('accepts identifiers with correct MOD 97-10 check digits, whatever the business code', () => {
    expect(isValidCreditorIdentifier('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorIdentifier('DE98ABC09999999999')).toBe(true); // the business code is not checked
    expect(isValidCreditorIdentifier('de98 zzz0 9999 9999 99')).toBe(true);
    expect(normalizeCreditorIdentifier('de98 zzz0 9999 9999 99')).toBe('DE98ZZZ09999999999');
  });
  it('refuses wrong check digits, wrong German length and malformed values', () => {
    expect(isValidCreditorIdentifier('DE99ZZZ09999999999')).toBe(false);
    expect(isValidCreditorIdentifier('DE98ZZZ0999999999')).toBe(false);
    expect(isValidCreditorIdentifier('DEXXZZZ09999999999')).toBe(false);
    expect(isValidCreditorIdentifier('')).toBe(false);
  });
});

describe('TARGET2 calendar and lead times', () => {
  it('closes on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    for (const day of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26', '2026-11-28', '2026-11-29', '2027-03-26', '2027-03-29'])
      expect(isTargetDay(day), day).toBe(false);
    // 3 October 2025 (a Friday) is a German holiday, not a TARGET one
    for (const day of ['2026-04-02', '2026-04-07', '2026-12-24', '2026-12-28', '2025-10-03']) expect(isTargetDay(day), day).toBe(true);
  });
  it('counts TARGET days: RCUR and FNAL one, FRST two after the file', () => {
    expect(targetDayOnOrAfter('2026-11-28')).toBe('2026-11-30');
    expect(addTargetDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(earliestCollectionDate('2026-11-27', 'RCUR')).toBe('2026-11-30');
    expect(earliestCollectionDate('2026-11-27', 'FNAL')).toBe('2026-11-30');
    expect(earliestCollectionDate('2026-11-27', 'FRST')).toBe('2026-12-01');
    expect(earliestCollectionDate('2026-12-23', 'FRST')).toBe('2026-12-28'); // over Christmas
    expect(earliestCollectionDate('2026-04-01', 'RCUR')).toBe('2026-04-02');
    expect(earliestCollectionDate('2026-04-02', 'RCUR')).toBe('2026-04-07'); // over Easter
    // made on a weekend or a TARGET holiday: the lead time starts with the next TARGET day
    expect(earliestCollectionDate('2026-11-28', 'RCUR')).toBe('2026-12-01');
    expect(earliestCollectionDate('2026-11-29', 'FRST')).toBe('2026-12-02');
    expect(earliestCollectionDate('2026-12-25', 'RCUR')).toBe('2026-12-29'); // Christmas Day, then the weekend
  });
  it('knows Easter from published dates (Good Friday and Easter Monday closed, the days around open)', () => {
    // Easter Sundays as published, earliest and latest possible among them
    for (const easter of ['2000-04-23', '2008-03-23', '2011-04-24', '2019-04-21', '2024-03-31', '2025-04-20', '2038-04-25', '2049-04-18']) {
      const shifted = (days: number) => addDays(easter, days);
      expect(isTargetDay(shifted(-2)), `Good Friday before ${easter}`).toBe(false);
      expect(isTargetDay(shifted(1)), `Easter Monday after ${easter}`).toBe(false);
      expect(isTargetDay(shifted(-3)), `Maundy Thursday before ${easter}`).toBe(true);
      expect(isTargetDay(shifted(2)), `the Tuesday after ${easter}`).toBe(true);
    }
  });
  it('holds for any day of a century: a TARGET day, exactly the lead in TARGET days after the file reaches the banks, never earlier for a later file', () => {
    const DAY = 86_400_000;
    const anyDay = fc.integer({ min: Date.UTC(2000, 0, 1) / DAY, max: Date.UTC(2100, 11, 31) / DAY }).map((n) => new Date(n * DAY).toISOString().slice(0, 10));
    const next = (day: string) => addDays(day, 1);
    const sequenceTypes = Object.keys(LEAD_TARGET_DAYS) as SequenceType[];
    fc.assert(
      fc.property(anyDay, fc.constantFrom(...sequenceTypes), (today, type) => {
        const earliest = earliestCollectionDate(today, type);
        expect(isTargetDay(earliest)).toBe(true);
        // the file reaches the banks on the first TARGET day from today; counted day by day from there
        let reaches = today;
        while (!isTargetDay(reaches)) reaches = next(reaches);
        let counted = 0;
        for (let day = next(reaches); day <= earliest; day = next(day)) if (isTargetDay(day)) counted++;
        expect(counted).toBe(LEAD_TARGET_DAYS[type]);
        expect(earliest > today).toBe(true);
        // a file made a day later never allows an earlier collection
        expect(earliestCollectionDate(next(today), type) >= earliest).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('return files', () => {
  it('reads camt.054 returns of any version, with or without a namespace prefix', () => {
    const xml = `<?xml version="1.0"?><n:Document xmlns:n="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><n:BkToCstmrDbtCdtNtfctn><n:Ntfctn>
      <n:Ntry><n:NtryDtls><n:TxDtls><n:Refs><n:EndToEndId>E1</n:EndToEndId></n:Refs><n:RtrInf><n:Rsn><n:Cd>AM04</n:Cd></n:Rsn></n:RtrInf></n:TxDtls>
      <n:TxDtls><n:Refs><n:EndToEndId>E2</n:EndToEndId></n:Refs></n:TxDtls></n:NtryDtls></n:Ntry>
    </n:Ntfctn></n:BkToCstmrDbtCdtNtfctn></n:Document>`;
    expect(readReturnFile(xml)).toEqual([{ endToEndId: 'E1', code: 'AM04' }]);
  });
  it('reads rejected transactions of a pain.002 and leaves accepted ones out', () => {
    const xml = `<Document><CstmrPmtStsRpt><OrgnlPmtInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC01</Cd></Rsn></StsRsnInf></TxInfAndSts>
      <TxInfAndSts><OrgnlEndToEndId>E2</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>
    </OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    expect(readReturnFile(xml)).toEqual([{ endToEndId: 'E1', code: 'AC01' }]);
  });
  it('answers undefined for anything else', () => {
    expect(readReturnFile('<Document><Foo/></Document>')).toBeUndefined();
    expect(readReturnFile('not xml <')).toBeUndefined();
  });
});
