// Writes the placeholder tutorial videos of public/videos/ (run once, the files are committed):
// `node --import tsx content/make-placeholder-videos.ts`. Chromium records a small canvas with the
// video's name for two seconds (MediaRecorder, WebM/VP8), so no video tool is needed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const NAMES: Record<string, string> = {
  overview: 'Überblick',
  vouchers: 'Belege',
  orders: 'Aufträge',
  debtors: 'Kunden',
  principals: 'Auftraggeber',
  'permanent-debts': 'Dauerschuldverhältnisse',
  'master-data': 'Stammdaten',
  'user-info': 'Wichtige Informationen',
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [file, label] of Object.entries(NAMES)) {
  const base64 = await page.evaluate(async (text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 40_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 20; frame++) {
      context.fillStyle = '#0b5394';
      context.fillRect(0, 0, 160, 90);
      context.fillStyle = '#ffffff';
      context.font = '12px sans-serif';
      context.fillText(`Video: ${text}`, 8, 40);
      context.fillRect(8, 60, (144 * (frame + 1)) / 20, 6);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, label);
  const target = path.resolve(import.meta.dirname, '../public/videos', `${file}.webm`);
  writeFileSync(target, Buffer.from(base64, 'base64'));
  console.log(target, Buffer.from(base64, 'base64').length, 'bytes');
}
await browser.close();
