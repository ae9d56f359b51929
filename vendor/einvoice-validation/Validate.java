// Validates e-invoice XML files with the vendored official rules in one JVM:
//   java -cp /usr/share/java/Saxon-HE.jar vendor/einvoice-validation/Validate.java FILE...
// or, kept running (the rules compiled once), one file path per line on stdin, one answer per line:
//   java -cp /usr/share/java/Saxon-HE.jar vendor/einvoice-validation/Validate.java --serve
// For each file (UBL Invoice/CreditNote or CII, by root element): the XSD of its syntax (JDK's
// built-in XSD 1.0 validator), the CEN EN 16931 schematron and the KoSIT XRechnung schematron
// (both compiled to XSLT, run with Saxon HE). Prints one JSON line per file:
//   {"file":…,"syntax":"ubl"|"cii","xsd":[…],"failed":[{"rule":…,"flag":…,"set":…,"text":…}]}
// Written for Kontor (tests/helpers/einvoice-validation.ts starts it); not part of the vendored rules.
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import net.sf.saxon.s9api.*;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

public class Validate {
  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  static Processor proc;
  static XsltExecutable cenUbl, cenCii, xrUbl, xrCii;
  static Schema xsdInvoice, xsdCreditNote, xsdCii;
  static XPathExecutable failedPath;

  public static void main(String[] args) throws Exception {
    compileRules();
    if (args.length == 1 && args[0].equals("--serve")) {
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line; (line = in.readLine()) != null; ) {
        if (line.isBlank()) continue;
        String answer;
        try {
          answer = validate(line.trim());
        } catch (Exception e) {
          answer = "{\"file\":" + json(line.trim()) + ",\"error\":" + json(String.valueOf(e)) + "}";
        }
        System.out.println(answer);
        System.out.flush();
      }
      return;
    }
    for (String arg : args) System.out.println(validate(arg));
  }

  static void compileRules() throws Exception {
    Path dir = Path.of(System.getProperty("rules", "vendor/einvoice-validation"));
    proc = new Processor(false);
    XsltCompiler comp = proc.newXsltCompiler();
    cenUbl = comp.compile(new StreamSource(dir.resolve("cen-en16931/ubl/EN16931-UBL-validation.xslt").toFile()));
    cenCii = comp.compile(new StreamSource(dir.resolve("cen-en16931/cii/EN16931-CII-validation.xslt").toFile()));
    xrUbl = comp.compile(new StreamSource(dir.resolve("xrechnung/xslt/XRechnung-UBL-validation.xsl").toFile()));
    xrCii = comp.compile(new StreamSource(dir.resolve("xrechnung/xslt/XRechnung-CII-validation.xsl").toFile()));
    SchemaFactory sf = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    xsdInvoice = sf.newSchema(dir.resolve("xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd").toFile());
    xsdCreditNote = sf.newSchema(dir.resolve("xsd/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd").toFile());
    xsdCii = sf.newSchema(dir.resolve("xsd/cii-d16b/CrossIndustryInvoice_100pD16B.xsd").toFile());
    XPathCompiler xp = proc.newXPathCompiler();
    xp.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    failedPath = xp.compile("//(svrl:failed-assert | svrl:successful-report)");
  }

  static String validate(String arg) throws Exception {
    {
      File file = new File(arg);
      XdmNode doc = proc.newDocumentBuilder().build(file);
      XdmNode root = (XdmNode) doc.axisIterator(Axis.CHILD).stream().filter(n -> n.getNodeKind() == XdmNodeKind.ELEMENT).findFirst().orElseThrow();
      String local = root.getNodeName().getLocalName();
      boolean cii = local.equals("CrossIndustryInvoice");
      Schema xsd = cii ? xsdCii : local.equals("CreditNote") ? xsdCreditNote : xsdInvoice;
      List<String> xsdErrors = new ArrayList<>();
      javax.xml.validation.Validator v = xsd.newValidator();
      v.setErrorHandler(new ErrorHandler() {
        public void warning(SAXParseException e) {}
        public void error(SAXParseException e) { xsdErrors.add(json(e.getLineNumber() + ": " + e.getMessage())); }
        public void fatalError(SAXParseException e) { xsdErrors.add(json(e.getLineNumber() + ": " + e.getMessage())); }
      });
      try { v.validate(new StreamSource(file)); } catch (Exception e) { if (xsdErrors.isEmpty()) xsdErrors.add(json(e.getMessage())); }

      List<String> failed = new ArrayList<>();
      XsltExecutable[] sets = cii ? new XsltExecutable[] { cenCii, xrCii } : new XsltExecutable[] { cenUbl, xrUbl };
      String[] names = { "EN16931", "XRechnung" };
      for (int i = 0; i < sets.length; i++) {
        XsltTransformer t = sets[i].load();
        t.setInitialContextNode(doc);
        XdmDestination out = new XdmDestination();
        t.setDestination(out);
        t.transform();
        XPathSelector sel = failedPath.load();
        sel.setContextItem(out.getXdmNode());
        for (XdmItem item : sel) {
          XdmNode n = (XdmNode) item;
          String id = n.getAttributeValue(new QName("id"));
          String flag = n.getAttributeValue(new QName("flag"));
          String text = n.getStringValue().trim().replaceAll("\\s+", " ");
          String location = n.getAttributeValue(new QName("location"));
          failed.add("{\"rule\":" + json(id == null ? "" : id) + ",\"flag\":" + json(flag == null ? "" : flag)
              + ",\"set\":" + json(names[i]) + ",\"location\":" + json(location == null ? "" : location) + ",\"text\":" + json(text) + "}");
        }
      }
      return "{\"file\":" + json(arg) + ",\"syntax\":" + json(cii ? "cii" : "ubl") + ",\"xsd\":[" + String.join(",", xsdErrors)
          + "],\"failed\":[" + String.join(",", failed) + "]}";
    }
  }
}
