import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { buildCii } from './build-cii';
import { computeTotals } from './invoice-totals';
import type { InvoiceTotals, OutgoingInvoice } from './outgoing-invoice.types';
import { drawInvoicePage } from './invoice-page';
import { documentFromTemplate } from './pdf-page-template';

/*
 * ZUGFeRD 2.3 / Factur-X 1.07, profile EN 16931: a PDF/A-3b whose page shows the invoice and which
 * carries the CII XML as the associated file `factur-x.xml`, built with pdf-lib:
 * - the file specification has /AFRelationship /Alternative (the XML is an equal representation of
 *   the page, as ZUGFeRD 2.x requires for EN 16931) and is named in /Names /EmbeddedFiles and in the
 *   catalog's /AF array; the embedded file stream has /Subtype /text#2Fxml and /Params (size, dates);
 * - the XMP metadata declares PDF/A-3B (pdfaid) and the Factur-X extension schema (fx:
 *   DocumentType INVOICE, DocumentFileName factur-x.xml, Version 1.0, ConformanceLevel EN 16931)
 *   with its pdfaExtension description, and repeats title, author, producer and dates of /Info;
 * - PDF/A needs embedded fonts and an output intent: DejaVu Sans (npm dejavu-fonts-ttf) embedded as
 *   a subset (pdf-page-template.ts: once per process), sRGB.icc (Debian icc-profiles-free, zlib licence, assets/) as /OutputIntents;
 * - a trailer /ID derived from the content (same input, same file).
 */

const SRGB = readFileSync(new URL('./assets/sRGB.icc', import.meta.url));

const PRODUCER = 'Kontor (pdf-lib)';

const xmpEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The XMP packet: PDF/A-3B identification, Dublin Core, the Factur-X fields and their schema. */
function xmp(title: string, author: string, date: Date): string {
  const iso = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmpEscape(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${xmpEscape(author)}</rdf:li></rdf:Seq></dc:creator>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>${PRODUCER}</pdf:Producer>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreatorTool>Kontor</xmp:CreatorTool>
   <xmp:CreateDate>${iso}</xmp:CreateDate>
   <xmp:ModifyDate>${iso}</xmp:ModifyDate>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
    xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
   <pdfaExtension:schemas>
    <rdf:Bag>
     <rdf:li rdf:parseType="Resource">
      <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
      <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
      <pdfaSchema:prefix>fx</pdfaSchema:prefix>
      <pdfaSchema:property>
       <rdf:Seq>
        <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>name of the embedded XML invoice file</pdfaProperty:description></rdf:li>
        <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>INVOICE</pdfaProperty:description></rdf:li>
        <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the Factur-X XML schema</pdfaProperty:description></rdf:li>
        <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded Factur-X data</pdfaProperty:description></rdf:li>
       </rdf:Seq>
      </pdfaSchema:property>
     </rdf:li>
    </rdf:Bag>
   </pdfaExtension:schemas>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Attaches `factur-x.xml` as the document's associated file (/AF) and embedded file (/Names). */
function attachFacturX(pdf: PDFDocument, xml: Uint8Array, date: Date): void {
  const ctx = pdf.context;
  const stream = ctx.flateStream(xml, {
    Type: 'EmbeddedFile',
    Subtype: 'text/xml',
    Params: { Size: xml.length, ModDate: PDFString.fromDate(date), CheckSum: PDFHexString.of(createHash('md5').update(xml).digest('hex')) },
  });
  const streamRef = ctx.register(stream);
  const fileSpec = ctx.obj({
    Type: 'Filespec',
    F: PDFString.of('factur-x.xml'),
    UF: PDFHexString.fromText('factur-x.xml'),
    Desc: PDFString.of('Factur-X/ZUGFeRD invoice'),
    AFRelationship: PDFName.of('Alternative'),
    EF: { F: streamRef, UF: streamRef },
  });
  const fileSpecRef = ctx.register(fileSpec);
  const names = ctx.obj({ EmbeddedFiles: { Names: [PDFString.of('factur-x.xml'), fileSpecRef] } });
  pdf.catalog.set(PDFName.of('Names'), ctx.register(names));
  pdf.catalog.set(PDFName.of('AF'), ctx.obj([fileSpecRef]));
}

function addPdfAParts(pdf: PDFDocument, title: string, author: string, date: Date, seed: string): void {
  const ctx = pdf.context;
  const metadata = ctx.stream(xmp(title, author, date), { Type: 'Metadata', Subtype: 'XML' });
  pdf.catalog.set(PDFName.of('Metadata'), ctx.register(metadata));
  const icc = ctx.flateStream(SRGB, { N: 3 });
  const intent = ctx.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: ctx.register(icc),
  });
  pdf.catalog.set(PDFName.of('OutputIntents'), ctx.obj([ctx.register(intent)]));
  const id = PDFHexString.of(createHash('md5').update(seed).digest('hex'));
  ctx.trailerInfo.ID = ctx.obj([id, id]);
}

/**
 * Writes the ZUGFeRD 2.3 / Factur-X EN 16931 PDF/A-3 of an invoice or credit note.
 *
 * @example (await buildZugferdPdf(invoice)).subarray(0, 8).toString() // '%PDF-1.7'
 */
export async function buildZugferdPdf(inv: OutgoingInvoice, totals: InvoiceTotals = computeTotals(inv)): Promise<Uint8Array> {
  const xml = new TextEncoder().encode(buildCii(inv, 'en16931', totals));
  // dates from the invoice, so the same invoice gives the same bytes
  const date = new Date(`${inv.issueDate}T00:00:00Z`);
  const title = `${inv.kind === 'creditNote' ? 'Gutschrift' : 'Rechnung'} ${inv.number}`;
  const { pdf, writer } = await documentFromTemplate();
  drawInvoicePage(writer, inv, totals);
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor(inv.seller.name);
  pdf.setProducer(PRODUCER);
  pdf.setCreator('Kontor');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  attachFacturX(pdf, xml, date);
  addPdfAParts(pdf, title, inv.seller.name, date, `${inv.seller.vatId}|${inv.number}|${inv.issueDate}`);
  return pdf.save({ useObjectStreams: false });
}
