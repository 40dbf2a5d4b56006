// The order-rush load generator (see order-rush.ts), run in a worker thread so the client's
// work does not share the app's event loop. Plain JavaScript: worker threads do not load tsx.
// Each customer sends one cash order with an idempotency key to 127.0.0.1. It uses node:http
// with keep-alive connections (one per concurrent customer): fetch cost the client about twice
// the CPU, and the client shares the machine's two cores with the app and PostgreSQL.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

function post(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const url = new URL('/app/order/create', job.base);
  const body = JSON.stringify({ dishlist_id: job.menuId, items: job.items, payment_type: 'cash', terms: true });
  const answers = [];
  const statuses = new Map();
  const latencies = [];
  let networkErrors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= job.tokens.length) return;
      const t0 = performance.now();
      try {
        const res = await post(agent, url, { authorization: `Bearer ${job.tokens[i]}`, 'content-type': 'application/json', 'idempotency-key': `rush-${i}` }, body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) {
          const answer = JSON.parse(res.text);
          if (answer.order_id) answers.push([answer.order_id, i]);
        }
      } catch {
        networkErrors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { answers, statuses: [...statuses], latencies, networkErrors, seconds };
}

run(workerData).then(
  (result) => parentPort.postMessage(result),
  (err) => parentPort.postMessage({ error: String(err) }),
);
