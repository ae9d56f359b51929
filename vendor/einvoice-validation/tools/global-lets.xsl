<?xml version="1.0" encoding="UTF-8"?>
<!-- Kontor: promotes the <let>s of KoSIT's "variable-pattern" (common.sch) to schema-level lets, so
     they are global variables in the compiled XSLT, as the ISO skeleton and SchXslt 1.10 treat them
     (SchXslt 1.9.5, the last release on GitHub, scopes a pattern's lets to the pattern). Input: the
     XRechnung schematron; output: the same schema with common.sch inlined. -->
<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sch="http://purl.oclc.org/dsdl/schematron">
  <xsl:template match="@* | node()">
    <xsl:copy><xsl:apply-templates select="@* | node()"/></xsl:copy>
  </xsl:template>
  <xsl:template match="sch:include[ends-with(@href, 'common.sch')]">
    <xsl:copy-of select="document(@href, .)/sch:pattern/sch:let"/>
  </xsl:template>
  <xsl:template match="sch:active[@pattern = 'variable-pattern']"/>
</xsl:stylesheet>
