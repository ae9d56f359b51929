import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { variants } from '../../generated/variants';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ROOT } from './helpers/client-build';
import { germanText as text } from './helpers/texts';

/**
 * Issue 16: a product owner runs `npm run dev` and edits a variant's YAML — here on a copy of the
 * checkout, so the repository stays untouched. The portal in the browser shows the new wording
 * without a restart; a YAML mistake shows as the overlay with `file:line`, and the portal keeps the
 * last good state until the mistake is fixed. The comparison page answers without login in dev mode.
 */
const WEB_PORT = 3470;
const API_PORT = 3471;
const BASE = `http://localhost:${WEB_PORT}`;
// Vite transforms the client on the first visit: generous waits, since CI machines may be busy
const SLOW = { timeout: 150_000 };
// the checkout without its installed, built and runtime folders (node_modules is linked)
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'coverage']);

describe.skipIf(!chromiumAvailable())('product owners: dev mode with live YAML', () => {
  let dir: string;
  let dev: ChildProcess;
  let output = '';
  let browser: Browser;
  let page: Page;
  const smafaYaml = () => path.join(dir, 'variants/smafa.yaml');
  const original = variants.SMAFA.portalName;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kontor-dev-'));
    for (const entry of readdirSync(ROOT).filter((name) => !SKIPPED.has(name))) {
      cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
    }
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    // the suite's migrated, seeded data directory: the dev server starts on it instead of seeding
    // its own (half a minute of CI's CPU); what this file checks is the YAML's way into the portal
    const template = inject('browserTemplate');
    if (template) cpSync(template, path.join(dir, 'data'), { recursive: true });
    dev = spawn(process.execPath, ['--import', 'tsx', 'generator/dev.ts'], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(WEB_PORT),
        API_PORT: String(API_PORT),
        DATA_DIR: path.join(dir, 'data'),
        VITE_CACHE_DIR: path.join(dir, '.vite'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout?.on('data', (chunk) => (output += chunk));
    dev.stderr?.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 280_000;
    for (;;) {
      if (dev.exitCode !== null) throw new Error(`npm run dev ended early:\n${output}`);
      const ok = await fetch(`${BASE}/api/healthy`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`npm run dev did not come up:\n${output.slice(-3000)}`);
      await new Promise((done) => setTimeout(done, 500));
    }
    browser = await launchChromium();
    page = await (await germanContext(browser)).newPage();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (dev && dev.exitCode === null) {
      const exited = new Promise((done) => dev.once('exit', done));
      dev.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the products side by side without login', { timeout: 300_000 }, async () => {
    await page.goto(`${BASE}/dev/variant-comparison`, SLOW);
    await expect
      .poll(() => page.getByRole('heading', { name: text('variantComparison.title') }).count(), SLOW)
      .toBe(1);
    const table = page.getByRole('table', { name: text('variantComparison.title') });
    await expect.poll(() => table.getByRole('columnheader', { name: /TPF/ }).count()).toBe(1);
    const limitRow = table.getByRole('row').filter({ hasText: 'onboarding.maxCreditorLimit' });
    await expect.poll(() => limitRow.textContent()).toContain('15000000');
    // TPF's own setting names its YAML line
    await expect.poll(() => limitRow.getByLabel(/variants\/tpf\.yaml:\d+/).count()).toBe(1);
    // "Nur Unterschiede" off shows the rows every product shares too
    const count = await table.getByRole('row').count();
    await page.getByLabel(text('variantComparison.onlyDifferences')).uncheck(SLOW);
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(count);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("previews a product: the creditor area as TPF with its demo creditor's data, read-only", {
    timeout: 300_000,
  }, async () => {
    const tpf = variants.TPF;
    await page.goto(`${BASE}/dev/variant-comparison`, SLOW);
    const preview = page.getByRole('button', {
      name: text('variantComparison.previewOf', 'SMAFA', { product: tpf.productName }),
    });
    await expect.poll(() => preview.count(), SLOW).toBe(1);
    await preview.click();
    await page.waitForURL(`${BASE}/`, SLOW);
    const banner = page.getByRole('alert').filter({ hasText: tpf.productName });
    await expect.poll(() => banner.count(), SLOW).toBe(1);
    // TPF's wording in the menu: vouchers are orders
    await expect
      .poll(
        () =>
          page
            .getByRole('menuitem', { name: tpf.wording.de['permissions.navigation.children.vouchers.label'] })
            .count(),
        SLOW,
      )
      .toBe(1);
    await banner.getByRole('button', { name: text('variantComparison.endPreview') }).click();
    await page.waitForURL(`${BASE}/dev/variant-comparison`, SLOW);
    expect(await page.evaluate(() => localStorage.getItem('kontor.previewProduct'))).toBeNull();
  });

  it('a changed wording shows in the open portal without a restart', { timeout: 300_000 }, async () => {
    await page.goto(`${BASE}/login`, SLOW);
    await expect.poll(() => page.getByText(original, { exact: true }).count(), SLOW).toBeGreaterThan(0);
    const pid = dev.pid;
    writeFileSync(
      smafaYaml(),
      readFileSync(smafaYaml(), 'utf8').replace(/^portalName: .*$/m, 'portalName: Kontor Vorschauportal'),
    );
    await expect
      .poll(() => page.getByText('Kontor Vorschauportal', { exact: true }).count(), SLOW)
      .toBeGreaterThan(0);
    expect(dev.pid).toBe(pid);
    expect(dev.exitCode).toBeNull();
  });

  it('a YAML mistake shows as the overlay with file:line, and the fix brings the portal back', {
    timeout: 300_000,
  }, async () => {
    const good = readFileSync(smafaYaml(), 'utf8');
    writeFileSync(smafaYaml(), `${good}\nportalNme: Tippfehler\n`);
    const overlay = page.locator('vite-error-overlay');
    await expect.poll(() => overlay.count(), SLOW).toBe(1);
    await expect
      .poll(() => overlay.locator('.message').textContent())
      .toMatch(/variants\/smafa\.yaml:\d+: .*portalNme/);
    // nothing was written: generated/ still holds the last good state
    expect(readFileSync(path.join(dir, 'generated/products/smafa.ts'), 'utf8')).toContain('Kontor Vorschauportal');
    expect(readFileSync(path.join(dir, 'generated/products/smafa.ts'), 'utf8')).not.toContain('Tippfehler');

    writeFileSync(smafaYaml(), good.replace(/^portalName: .*$/m, 'portalName: Kontor Zweitportal'));
    await expect
      .poll(() => page.getByText('Kontor Zweitportal', { exact: true }).count(), SLOW)
      .toBeGreaterThan(0);
    await expect.poll(() => overlay.count()).toBe(0);
  });
});
