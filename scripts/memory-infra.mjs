// One detailed memory-infra dump of every process of a Chromium, through the DevTools protocol: for each
// process dump, its allocators by name (`discardable/segment_1`, `malloc`, ...) with their attributes as
// numbers. Used by the iPhone benchmark and the memory checks of the tests.

/** @param {import('@playwright/test').Browser} browser */
export async function memoryInfraDump(browser) {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const events = [];
    cdp.on('Tracing.dataCollected', (event) => events.push(...event.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      // No periodic dumps: only the one asked for.
      traceConfig: {
        includedCategories: ['disabled-by-default-memory-infra'],
        memoryDumpConfig: { triggers: [] },
      },
      transferMode: 'ReportEvents',
    });
    await cdp.send('Tracing.requestMemoryDump', { levelOfDetail: 'detailed' });
    await cdp.send('Tracing.end');
    await complete;
    const processes = [];
    for (const event of events) {
      const allocators = event.args?.dumps?.allocators;
      if (!allocators) continue;
      const named = {};
      for (const [name, dump] of Object.entries(allocators)) {
        named[name] = {};
        for (const [key, attr] of Object.entries(dump.attrs ?? {}))
          if (attr?.type === 'scalar') named[name][key] = parseInt(attr.value, 16);
      }
      processes.push({ pid: event.pid, allocators: named });
    }
    return processes;
  } finally {
    await cdp.detach();
  }
}

/**
 * Chromium's discardable memory, every process together: `in use or free`, every segment a client holds
 * (its pages in use, and those freed but not yet given back); `free`, the freed part alone. Counted from
 * the clients' own dumps (those with a `discardable/child_...` free list), so that the browser process's
 * view of the same segments does not count twice.
 */
export function discardable(processes) {
  let held = 0;
  let free = 0;
  for (const { allocators } of processes) {
    const names = Object.keys(allocators);
    if (!names.some((name) => name.startsWith('discardable/child_'))) continue;
    for (const name of names) {
      if (/^discardable\/segment_\d+$/.test(name)) held += allocators[name].size ?? 0;
      if (name.startsWith('discardable/child_')) free += allocators[name].freelist_size ?? 0;
    }
  }
  return { held, free };
}
