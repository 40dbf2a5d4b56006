// The order-rush load generator (see order-rush.ts), run in a worker thread so the client's
// work does not share the app's event loop. Plain JavaScript: worker threads do not load tsx.
// Each customer sends one cash order with an idempotency key to 127.0.0.1, either `concurrency`
// at a time (closed loop) or arriving at `rate` per second (open loop). It uses node:http
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
  /** [order id, sent at, answered at] in ms since the epoch (comparable across worker threads). */
  const timed = [];
  const clock = () => performance.timeOrigin + performance.now();
  let networkErrors = 0;
  const started = performance.now();
  /** Sends customer i's order; latency counts from `from` (planned arrival in the open loop). */
  const one = async (i, from) => {
    const sentAt = clock();
    try {
      const res = await post(
        agent,
        url,
        { authorization: `Bearer ${job.tokens[i]}`, 'content-type': 'application/json', 'idempotency-key': `rush-${i}` },
        body,
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) {
        const answer = JSON.parse(res.text);
        if (answer.order_id) {
          answers.push([answer.order_id, i]);
          timed.push([answer.order_id, sentAt, clock()]);
        }
      }
    } catch {
      networkErrors++;
    }
    latencies.push(performance.now() - from);
  };
  if (job.rate) {
    // Open loop: customer i arrives at started + i / rate, whether or not earlier ones were answered.
    const pending = [];
    for (let i = 0; i < job.tokens.length; i++) {
      const due = started + (i * 1000) / job.rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(one(i, due));
    }
    await Promise.all(pending);
  } else {
    // Closed loop: `concurrency` customers at a time; each answer lets the next one in.
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < job.tokens.length; i = next++) await one(i, performance.now());
    };
    await Promise.all(Array.from({ length: job.concurrency }, worker));
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { answers, statuses: [...statuses], latencies, networkErrors, seconds, timed };
}

run(workerData).then(
  (result) => parentPort.postMessage(result),
  (err) => parentPort.postMessage({ error: String(err) }),
);
