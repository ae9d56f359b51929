import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/*
 * Runs the official e-invoice rules vendored in vendor/einvoice-validation/ (README there): the XSD
 * of the syntax, the CEN EN 16931 schematron and the KoSIT XRechnung schematron, compiled to XSLT
 * and run by Debian's Saxon HE under Java 17 (Validate.java). One JVM per test process, started at
 * the first validation and kept (`--serve`: the rules are compiled once, ~10 s of CPU; each later
 * document takes a fraction of a second); it ends with the process (its stdin closes).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES = path.join(ROOT, 'vendor/einvoice-validation');
const SAXON = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export interface FailedRule {
  rule: string;
  /** fatal, warning or information, as the rule set flags it */
  flag: string;
  set: 'EN16931' | 'XRechnung';
  location: string;
  text: string;
}

export interface ValidationReport {
  name: string;
  syntax: 'ubl' | 'cii';
  xsd: string[];
  failed: FailedRule[];
}

/** The failures that make a document invalid: any XSD error, any rule flagged fatal or error. */
export const errorsOf = (r: ValidationReport) => [
  ...r.xsd,
  ...r.failed
    .filter((f) => f.flag === 'fatal' || f.flag === 'error')
    .map((f) => `${f.set} ${f.rule}: ${f.text}`),
];

/**
 * Validates the documents (name → XML) and returns one report per document, in order.
 *
 * @example (await validateEInvoices([{ name: 'a', xml }]))[0].failed // []
 */
export async function validateEInvoices(
  documents: { name: string; xml: string | Uint8Array }[],
): Promise<ValidationReport[]> {
  if (!existsSync(SAXON))
    throw new Error(
      `${SAXON} is missing: apt-get install -y default-jre-headless libsaxonhe-java (or set SAXON_JAR)`,
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'kontor-einvoice-'));
  try {
    const files = await Promise.all(
      documents.map(async (d, i) => {
        const file = path.join(dir, `${i}.xml`);
        await writeFile(file, d.xml);
        return file;
      }),
    );
    const reports = await validator().validate(files);
    return reports.map((r, i) => ({
      name: documents[i].name,
      syntax: r.syntax,
      xsd: r.xsd,
      failed: r.failed,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Answer = ValidationReport & { file: string; error?: string };

/** The kept validator: file paths in, one JSON answer per line out, in order. */
class Validator {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void }[] = [];
  private stderr = '';
  private ended: Error | null = null;

  constructor() {
    this.child = spawn('java', [
      '-cp',
      SAXON,
      `-Drules=${RULES}`,
      path.join(RULES, 'Validate.java'),
      '--serve',
    ]);
    createInterface({ input: this.child.stdout }).on('line', (line) =>
      this.waiting.shift()?.resolve(JSON.parse(line) as Answer),
    );
    this.child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.child.on('exit', (code) => {
      this.ended = new Error(`the e-invoice validator ended (exit ${code}):\n${this.stderr}`);
      for (const w of this.waiting.splice(0)) w.reject(this.ended);
      if (kept === this) kept = undefined;
    });
    this.idle();
  }

  /** Idle, it keeps no test process alive; while it works, it does. */
  private idle() {
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.();
  }

  private busy() {
    this.child.ref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as { ref?: () => void }).ref?.();
  }

  async validate(files: string[]): Promise<Answer[]> {
    if (this.ended) throw this.ended;
    this.busy();
    try {
      const answers = await Promise.all(
        files.map(
          (file) =>
            new Promise<Answer>((resolve, reject) => {
              this.waiting.push({ resolve, reject });
              this.child.stdin.write(`${file}\n`);
            }),
        ),
      );
      for (const answer of answers) if (answer.error) throw new Error(`${answer.file}: ${answer.error}`);
      return answers;
    } finally {
      if (!this.waiting.length) this.idle();
    }
  }
}

let kept: Validator | undefined;
const validator = () => {
  kept ??= new Validator();
  return kept;
};
