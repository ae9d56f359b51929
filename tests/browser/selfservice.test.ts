import { rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './helpers/axe';
import { chromiumAvailable, germanContext, launchChromium } from './helpers/chromium';
import { ensureClientBuilt } from './helpers/client-build';
import { type RunningPortal, startPortal } from './helpers/portal-server';
import { germanText as text } from './helpers/texts';
import { networkQuiet } from './helpers/network';

/**
 * Self-service journeys (issue 10, items 6–9): the cookie banner remembered; an important
 * information shown once; a tutorial opened by `?showVideo` / `?tag`; the maintenance page
 * appearing when the operator's switch file is created and the portal coming back by itself
 * (health-check polling) once it is removed.
 */
const PORT = 3446;
const NOTICE = {
  key: 'browserJourneyNotice',
  title: 'Neue Öffnungszeiten',
  text: 'Ab sofort sind wir auch samstags für Sie da.',
};

describe.skipIf(!chromiumAvailable())(
  'self-service: cookie banner, information, tutorials, maintenance',
  () => {
    let portal: RunningPortal;
    let browser: Browser;
    let contentDir: string;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      ensureClientBuilt();
      // an information that is current whatever the date (the shipped ones are from 2025)
      contentDir = await mkdtemp(path.join(os.tmpdir(), 'kontor-information-'));
      const file = path.join(contentDir, 'information.yaml');
      await writeFile(
        file,
        `- key: ${NOTICE.key}\n  products: [SMAFA]\n  title: { de: "${NOTICE.title}", en: "New opening hours" }\n` +
          `  text: { de: "${NOTICE.text}", en: "We are now open on Saturdays too." }\n  from: 2020-01-01\n  until: 2099-12-31\n`,
      );
      process.env.INFORMATION_FILE = file;
      try {
        portal = await startPortal(PORT);
      } finally {
        delete process.env.INFORMATION_FILE;
      }
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await portal?.stop();
      if (contentDir) await rm(contentDir, { recursive: true, force: true });
    });

    const newPage = async (context?: BrowserContext): Promise<Page> => {
      const fresh = context ?? (await germanContext(browser));
      contexts.push(fresh);
      return fresh.newPage();
    };
    const login = async (page: Page, email: string, base = portal.baseUrl) => {
      await page.goto(`${base}/login`);
      await page.getByLabel(text('ra.auth.email')).fill(email);
      await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
      await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
      await page.waitForURL(`${base}/`);
    };
    const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });

    it('asks for the cookie choice once: allowed or declined, it is remembered across reloads', async () => {
      for (const [button, stored] of [
        ['messages.cookies.allow', 'true'],
        ['messages.cookies.decline', 'false'],
      ] as const) {
        // a first visit: a context without the suite's pre-answered banner
        const page = await newPage(
          await browser.newContext({
            locale: 'de-DE',
            timezoneId: 'Europe/Berlin',
            viewport: { width: 1440, height: 900 },
          }),
        );
        await page.goto(`${portal.baseUrl}/login`);
        await expect.poll(() => banner(page).textContent()).toContain(text('messages.cookies.text'));
        expect(await seriousA11yViolations(page)).toEqual([]);
        await banner(page)
          .getByRole('button', { name: text(button), exact: true })
          .click();
        await expect.poll(() => banner(page).count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem('kontor.cookiesAccepted'))).toBe(stored);
        await page.reload();
        await page.getByLabel(text('ra.auth.email')).waitFor();
        expect(await banner(page).count()).toBe(0);
        if (stored === 'true') {
          await login(page, 'observer@example.com');
          await page.goto(`${portal.baseUrl}/settings`);
          await page.getByText(text('pages.settings.cookiesAccepted')).waitFor();
        }
      }
    });

    it('shows a current important information once per user and lists it on /user-info', async () => {
      const page = await newPage();
      await login(page, 'creditor@example.com');
      const popup = page.getByRole('dialog', { name: NOTICE.title });
      await popup.waitFor();
      expect(await popup.textContent()).toContain(NOTICE.text);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await popup.getByRole('button', { name: text('selfservice.userInfo.understood') }).click();
      await expect.poll(() => popup.count()).toBe(0);
      await page.reload();
      await page.getByTestId('contact-bar').waitFor();
      await networkQuiet(page);
      expect(await popup.count()).toBe(0);

      // another browser, the same user: seen is kept on the server
      const again = await newPage();
      await login(again, 'creditor@example.com');
      await networkQuiet(again);
      expect(await again.getByRole('dialog', { name: NOTICE.title }).count()).toBe(0);
      await again.goto(`${portal.baseUrl}/user-info/${NOTICE.key}`);
      const entry = again.getByRole('article', { name: NOTICE.title });
      await entry.waitFor();
      expect(await entry.textContent()).toContain(NOTICE.text);
      expect(await entry.textContent()).toContain('01.01.2020');

      // a colleague has not seen it yet
      const colleague = await newPage();
      await login(colleague, 'management@example.com');
      await colleague.getByRole('dialog', { name: NOTICE.title }).waitFor();
    });

    it('logs in by deep-link token (?useToken) and takes the token off the address', async () => {
      const response = await fetch(`${portal.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'creditor2@example.com', password: 'Demo1234!' }),
      });
      const { refresh_token: token } = (await response.json()) as { refresh_token: string };
      const page = await newPage();
      await page.goto(`${portal.baseUrl}/user-info?useToken=${encodeURIComponent(token)}`);
      await page.getByRole('heading', { name: text('ui.nav.userInfo'), level: 1 }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      // the link works once: the server rotated the token, a second use is refused
      const again = await newPage();
      await again.goto(`${portal.baseUrl}/?useToken=${encodeURIComponent(token)}`);
      await again.waitForURL('**/login');
    });

    it('opens the tutorial of the help centre by ?showVideo and by ?tag, and offers the page video', async () => {
      // a user of another product (the journey's information is SMAFA's, its pop-up would sit on top)
      // on FW's own host (on localhost the portal would reload once into the user's product)
      const fw = `http://fw.localhost:${portal.port}`;
      const page = await newPage();
      await login(page, 'creditor-fw@example.com', fw);
      await page.goto(`${fw}/help-center?showVideo=debtors`);
      const player = page.getByRole('dialog', { name: 'Kunden anlegen und prüfen' });
      await player.waitFor();
      const video = player.locator('video');
      expect(await video.getAttribute('src')).toBe('/videos/debtors.webm');
      // the placeholder is a real, playable file
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await player.getByRole('button', { name: text('selfservice.helpCenter.close') }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      // behind it, the product's FAQ
      await page.getByRole('heading', { name: text('selfservice.helpCenter.faq') }).waitFor();
      await page.getByRole('button', { name: 'Wie lege ich einen neuen Kunden an?' }).click();
      await page.getByText('Öffnen Sie die Liste der Kunden', { exact: false }).waitFor();

      await page.goto(`${fw}/vouchers?tag=vouchers`);
      expect(await page.getByRole('dialog').locator('video').getAttribute('src')).toBe(
        '/videos/vouchers.webm',
      );
      await page.getByRole('button', { name: text('selfservice.helpCenter.close') }).click();

      // the toolbar offers the page's own video while tutorials are on in the settings
      await page.goto(`${fw}/debtors`);
      await page.getByRole('link', { name: text('selfservice.helpCenter.pageVideo') }).click();
      expect(await page.getByRole('dialog').locator('video').getAttribute('src')).toBe(
        '/videos/debtors.webm',
      );
      await page.evaluate(() => localStorage.setItem('kontor.showTutorials', 'false'));
      await page.goto(`${fw}/debtors`);
      await page.getByTestId('contact-bar').waitFor();
      expect(await page.getByRole('link', { name: text('selfservice.helpCenter.pageVideo') }).count()).toBe(
        0,
      );
    });

    it('lets an admin read the browser error reports and see the front-end version 2.16.2', async () => {
      const page = await newPage();
      await page.goto(`${portal.baseUrl}/login`);
      const message = `Failed to fetch dynamically imported module: /assets/Journey-${Date.now()}.js`;
      const status = await page.evaluate(
        async (body) =>
          (
            await fetch('/api/client-errors', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { kind: 'chunkLoad', message, url: '/assets/Journey.js', frontendVersion: '2.16.2' },
      );
      expect(status).toBe(201);
      await page.getByLabel(text('ra.auth.email')).fill('admin@example.com');
      await page.getByLabel(text('ra.auth.password')).fill('Demo1234!');
      await page.getByRole('button', { name: text('ra.auth.sign_in') }).click();
      await page.getByTestId('versions').waitFor();
      expect(await page.getByTestId('versions').textContent()).toContain('2.16.2');
      await page.goto(`${portal.baseUrl}/admin-actions`);
      const reports = page.getByRole('region', { name: text('selfservice.clientErrors.title') });
      await reports.getByText(message).waitFor();
    });

    it('shows the maintenance page while the switch is on and comes back by itself once it is off', async () => {
      const page = await newPage();
      await login(page, 'creditor@example.com');
      await networkQuiet(page);
      const switchFile = path.join(path.dirname(portal.outboxDir), 'MAINTENANCE');
      writeFileSync(switchFile, '');
      try {
        // the next API call of the running portal answers 503: the page replaces the portal (a
        // background refresh may get there before the click)
        const maintenance = page.getByTestId('failure-maintenance');
        await Promise.race([
          page.getByRole('menuitem', { name: text('permissions.navigation.children.debtors.label') }).click(),
          maintenance.waitFor(),
        ]);
        await maintenance.waitFor();
        expect(await maintenance.textContent()).toContain(text('messages.failurePage.maintenance.info'));
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
          text('messages.failurePage.maintenance.title'),
        );
        expect(await seriousA11yViolations(page)).toEqual([]);
        // a fresh start during maintenance shows it too, and the reload button keeps it while it lasts
        await page.goto(`${portal.baseUrl}/`);
        await maintenance.waitFor();
        await page.getByRole('button', { name: text('messages.failurePage.reload') }).click();
        await maintenance.waitFor();
      } finally {
        rmSync(switchFile, { force: true });
      }
      // polling the health check every 30 s, the page reloads into the portal
      await page.getByTestId('contact-bar').waitFor({ timeout: 45_000 });
      expect(await page.getByTestId('failure-maintenance').count()).toBe(0);
    }, 90_000);
  },
);
