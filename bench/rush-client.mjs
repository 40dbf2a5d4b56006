// The order-rush load generator (see order-rush.ts), run in a worker thread so the client's
// work does not share the app's event loop. Plain JavaScript: worker threads do not load tsx.
// Each customer sends one cash order with an idempotency key to 127.0.0.1.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

async function run(job) {
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
        const res = await fetch(`${job.base}/app/order/create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${job.tokens[i]}`, 'content-type': 'application/json', 'idempotency-key': `rush-${i}` },
          body: JSON.stringify({ dishlist_id: job.menuId, items: job.items, payment_type: 'cash', terms: true }),
        });
        const body = await res.json();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200 && body.order_id) answers.push([body.order_id, i]);
      } catch {
        networkErrors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  return { answers, statuses: [...statuses], latencies, networkErrors, seconds: (performance.now() - started) / 1000 };
}

run(workerData).then(
  (result) => parentPort.postMessage(result),
  (err) => parentPort.postMessage({ error: String(err) }),
);
