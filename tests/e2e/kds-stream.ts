import type { Page } from '@playwright/test';

/**
 * Makes the kitchen display's data reachable only through the event stream (issue 24: a 15 s
 * wait could not tell a live update from the 10 s fallback refresh). Call before the page loads:
 * the page notes each event its `/app/events` stream delivers. Then `only()` lets a request for
 * the menu's display data through only within 1.5 s after the stream delivered an event of that
 * menu (the display refetches at once, then at most every 500 ms); any other request (a fallback
 * refresh) is aborted and listed in `blocked`.
 */
export async function streamOnly(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __kdsEvents: { menuId?: number; type?: string; at: number }[] };
    w.__kdsEvents = [];
    const original = window.fetch;
    window.fetch = async function (input: RequestInfo | URL, init?: RequestInit) {
      const response = await original.call(this, input, init);
      const url = new URL(typeof input === 'string' ? input : input instanceof Request ? input.url : input.href, location.href);
      if (url.pathname !== '/app/events' || !response.body) return response;
      const [mine, theirs] = response.body.tee();
      void (async () => {
        const reader = mine.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('\n');
            buffer = buffer.slice(end + 2);
            try {
              if (data) w.__kdsEvents.push({ ...(JSON.parse(data) as object), at: Date.now() });
            } catch {
              // Not JSON: not an event the display reads.
            }
          }
        }
      })();
      return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
  const result = { passed: [] as string[], blocked: [] as string[], events: 0 };
  return {
    result,
    async only(menuId: number) {
      await page.route(new RegExp(`/app/kitchen/${menuId}(/tickets)?(\\?|$)`), async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const age = await page.evaluate((id) => {
          const events = (window as unknown as { __kdsEvents: { menuId?: number; type?: string; at: number }[] }).__kdsEvents;
          const last = events.filter((e) => e.menuId === id || e.type === 'reset').at(-1);
          return last ? Date.now() - last.at : Infinity;
        }, menuId);
        const url = new URL(route.request().url()).pathname;
        if (age <= 1_500) {
          result.passed.push(url);
          return route.fallback();
        }
        result.blocked.push(url);
        return route.abort();
      });
    },
  };
}
