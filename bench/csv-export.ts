import { performance } from 'node:perf_hooks';

/** What one CSV download cost: time to first and last byte, its size, and the server's memory meanwhile. */
export interface CsvExportResult {
  name: string;
  path: string;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  /** Peak resident memory of the bench process (it hosts the server) above the value before the request. */
  peakRssDeltaMiB: number;
  /** Peak JavaScript heap in use above the value before the request. */
  peakHeapDeltaMiB: number;
}

const MiB = 2 ** 20;

/**
 * Downloads one CSV export from the in-process server and reads it as a browser saving a
 * file would (each chunk counted, then dropped), sampling the process's memory every
 * 10 ms and at every chunk. The server runs in this process, so the peak is its peak: a
 * streamed export stays near one batch of rows, a buffered one grows with the file.
 */
export async function benchCsvExport(
  address: string,
  { name, path, cookie }: { name: string; path: string; cookie: string },
): Promise<CsvExportResult> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let newlines = 0;
  try {
    const response = await fetch(`${address}${path}`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) newlines += 1;
      sample();
    }
  } finally {
    clearInterval(sampler);
  }
  const totalMs = performance.now() - started;
  const result: CsvExportResult = {
    name,
    path,
    // Every record ends with a newline; the first is the header. (A note with a line break
    // inside would count twice: the bench's rows have none.)
    rows: newlines - 1,
    bytes,
    firstByteMs,
    totalMs,
    peakRssDeltaMiB: (peakRss - before.rss) / MiB,
    peakHeapDeltaMiB: (peakHeap - before.heapUsed) / MiB,
  };
  console.log(
    `  ${name}: ${result.rows.toLocaleString('en')} rows, ${(bytes / MiB).toFixed(1)} MiB in ${(totalMs / 1000).toFixed(2)} s ` +
      `(first byte ${firstByteMs.toFixed(0)} ms); server memory peak +${result.peakRssDeltaMiB.toFixed(1)} MiB RSS, ` +
      `+${result.peakHeapDeltaMiB.toFixed(1)} MiB heap`,
  );
  return result;
}
