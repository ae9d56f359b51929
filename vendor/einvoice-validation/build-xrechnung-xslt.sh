#!/usr/bin/env bash
# Compiles the vendored KoSIT XRechnung schematron (xrechnung/sch) to XSLT (xrechnung/xslt) with
# SchXslt 1.9.5 under Debian's Saxon HE (apt-get install libsaxonhe-java). See README.md.
set -euo pipefail
cd "$(dirname "$0")"
SAXON="${SAXON_JAR:-/usr/share/java/Saxon-HE.jar}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for syntax in ubl cii; do
  upper="$(echo "$syntax" | tr a-z A-Z)"
  java -cp "$SAXON" net.sf.saxon.Transform -s:"xrechnung/sch/$syntax/XRechnung-$upper-validation.sch" \
    -xsl:tools/global-lets.xsl -o:"$tmp/XRechnung-$upper-validation.sch"
  java -cp "$SAXON" net.sf.saxon.Transform -s:"$tmp/XRechnung-$upper-validation.sch" \
    -xsl:tools/schxslt-1.9.5/pipeline-for-svrl.xsl -o:"xrechnung/xslt/XRechnung-$upper-validation.xsl"
done
