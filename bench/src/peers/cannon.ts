import autocannon from 'autocannon';

/** autocannon in its own process (the load must not share the app's or the bench's event loop); prints one JSON line. */
const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    bytes_per_s: Math.round(result.throughput.average),
  }) + '\n',
);
