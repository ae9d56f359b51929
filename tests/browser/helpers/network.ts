import type { Page, Request } from 'playwright-core';

/** The live event stream (issue 31): open for as long as a signed-in page is. */
const isEventStream = (request: Request) => new URL(request.url()).pathname === '/api/events';

/**
 * Resolves once the page has made no request for `quietMs` and none is pending — the live event
 * stream aside, which stays open as long as the page is signed in (so Playwright's 'networkidle'
 * never comes there). Throws after `timeoutMs`.
 *
 * @example await networkQuiet(page); // the list's reads are answered, the stream may stay open
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const pending = new Set<Request>();
  let last = Date.now();
  const started = (request: Request) => {
    if (isEventStream(request)) return;
    pending.add(request);
    last = Date.now();
  };
  const ended = (request: Request) => {
    if (isEventStream(request)) return;
    pending.delete(request);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (pending.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline)
        throw new Error(
          `network not quiet within ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`,
        );
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
