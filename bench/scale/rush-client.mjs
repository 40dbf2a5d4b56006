// The big caterer's rush client (bench/scale/big-rush.ts), in a worker thread so its work stays off
// the bench's event loop. Each order has its own customer (token), body and instance (base): sent
// at its planned time after the start (open loop, `at` in ms) or `concurrency` at a time (closed
// loop, `at` absent). Latency counts from the planned time (open loop) or the send (closed loop).
// Plain JavaScript: worker threads do not load tsx. node:http with keep-alive agents, one per instance.
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
  const agents = job.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: job.maxSockets ?? 256 }));
  const urls = job.bases.map((b) => new URL('/app/order/create', b));
  /** Per order: [status (0: network error), latency ms, order id or 0]. */
  const results = new Array(job.orders.length);
  const started = performance.now();
  const one = async (i, from) => {
    const o = job.orders[i];
    try {
      const res = await post(
        agents[o.instance],
        urls[o.instance],
        { authorization: `Bearer ${o.token}`, 'content-type': 'application/json', 'idempotency-key': o.key },
        o.body,
      );
      const id = res.status === 200 ? (JSON.parse(res.text).order_id ?? 0) : 0;
      results[i] = [res.status, performance.now() - from, id];
    } catch {
      results[i] = [0, performance.now() - from, 0];
    }
  };
  if (job.concurrency) {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < job.orders.length; i = next++) await one(i, performance.now());
    };
    await Promise.all(Array.from({ length: job.concurrency }, worker));
  } else {
    const pending = [];
    for (let i = 0; i < job.orders.length; i++) {
      const due = started + job.orders[i].at;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(one(i, due));
    }
    await Promise.all(pending);
  }
  for (const a of agents) a.destroy();
  return { results, seconds: (performance.now() - started) / 1000 };
}

run(workerData).then(
  (result) => parentPort.postMessage(result),
  (err) => parentPort.postMessage({ error: String(err) }),
);
