// The event-stream load (see events.ts), run in a worker thread so parsing 1,000 streams does
// not share the app's event loop. Plain JavaScript: worker threads do not load tsx.
// Opens `count` GET /app/events streams to 127.0.0.1 with node:http (one socket each), the first
// with a staff token (it gets every event, naming the order ids), the others as customers, and
// records when each event id reached each stream. Messages: 'open' -> {opened, failed}; 'close' -> the results.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { base, staffToken, tokens, count } = workerData;
const clock = () => performance.timeOrigin + performance.now();
const url = new URL('/app/events', base);
/** Per customer stream: [event id, arrival time (ms since the epoch)] in arrival order. */
const arrivals = [];
/** Every event as the staff stream got it, in order: [event id, order id or null]. */
const sequence = [];
const requests = [];
let received = 0;
let customerOrderEvents = 0;
let customerStockEvents = 0;
/** Per customer stream: menu id -> the last order event's stockLeft the stream received (what its page would show). */
const lastStock = [];

function open(i) {
  return new Promise((resolve) => {
    const staff = i === 0;
    const token = staff ? staffToken : tokens[i % tokens.length];
    const mine = [];
    const stock = {};
    if (!staff) {
      arrivals.push(mine);
      lastStock.push(stock);
    }
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = clock();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('id: ')) continue;
          const nl = block.indexOf('\n');
          const id = block.slice(4, nl);
          received++;
          if (staff) {
            const data = JSON.parse(block.slice(nl + 7));
            sequence.push([id, data.type === 'order' ? data.orderId : null]);
          } else {
            mine.push([id, at]);
            // The stock change itself, not only news of it (the hot dish is limited: every order event has it).
            if (block.includes('"type":"order"')) {
              customerOrderEvents++;
              if (block.includes('"stockLeft":[[')) customerStockEvents++;
              const menu = /"menuId":(\d+)/.exec(block);
              if (menu && block.includes('"stockLeft":')) stock[menu[1]] = block;
            }
          }
        }
      });
      res.on('error', () => undefined);
      resolve(true);
    });
    req.on('error', () => resolve(false));
    requests.push(req);
  });
}

parentPort.on('message', async (msg) => {
  if (msg === 'open') {
    let opened = 0;
    let failed = 0;
    // In batches: 1,000 connects at once would queue in the listen backlog.
    for (let i = 0; i < count; i += 100) {
      const results = await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
      for (const ok of results) {
        if (ok) opened++;
        else failed++;
      }
    }
    parentPort.postMessage({ opened, failed });
  } else if (msg === 'close') {
    for (const req of requests) req.destroy();
    const finalStock = lastStock.map((byMenu) =>
      Object.fromEntries(
        Object.entries(byMenu).map(([menu, block]) => [menu, JSON.parse(block.slice(block.indexOf('data: ') + 6)).stockLeft]),
      ),
    );
    parentPort.postMessage({ arrivals, sequence, received, customerOrderEvents, customerStockEvents, finalStock });
  }
});
