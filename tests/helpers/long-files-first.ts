import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest beside CI's other lanes (measured in the clean-clone runs of
 * 2026-11-27), longest first. Started first, they end while the short files fill the other workers;
 * in vitest's own order (larger files first on a clean clone, which has no timings) the 500 s axe
 * file started mid-way and ran alone at the end of the browser lane for minutes.
 * A file not named here keeps vitest's order after these; a name here that no longer exists is harmless.
 */
const LONG_FILES: Record<string, string[]> = {
  browser: [
    'tests/browser/axe-routes.test.ts',
    'tests/browser/journeys-deadends.test.ts',
    'tests/browser/onboarding-variants.test.ts',
    'tests/browser/journeys.test.ts',
    'tests/browser/admin-journeys.test.ts',
    'tests/browser/product-owner-dev.test.ts',
    'tests/browser/selfservice.test.ts',
    'tests/browser/machine-words.test.ts',
    'tests/browser/admin-create.test.ts',
  ],
  api: [
    // 500 model sequences per database in CI (~0.7 s each beside the other lanes)
    'tests/api/money-model.test.ts',
    'tests/api/hardening-fuzz.test.ts',
    'tests/api/voucher-command-permissions.test.ts',
    'tests/api/workers-faults.test.ts',
    'tests/api/command-permissions.test.ts',
    'tests/api/hardening-probe.test.ts',
    'tests/api/hardening-matrix.test.ts',
    'tests/api/voucher-keyset.test.ts',
    'tests/api/permanent-debt-commands.test.ts',
    'tests/api/einvoice-vat.test.ts',
  ],
};

/** vitest's order, with the long files of the project moved to the front in the order above. */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const list = LONG_FILES[spec.project.name] ?? [];
      const index = list.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return index === -1 ? list.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
