import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run bench -- session` measures the session check's cost as an A/B against this checkout with
// the check switched off by `bench/session-check-off.patch` (bench/session.bench.ts). A change to
// the files it touches (reader-along.ts, plugins/auth.ts, services/session.ts) must keep it
// applying, or the bench can no longer measure what issue 26 asks.
describe('bench/session-check-off.patch', () => {
  it('applies to this checkout', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const check = () =>
      execFileSync('git', ['apply', '--check', path.join(root, 'bench/session-check-off.patch')], {
        cwd: root,
        stdio: 'pipe',
      });
    expect(check).not.toThrow();
  });
});
