import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { discardable, memoryInfraDump } from '../../scripts/memory-infra.mjs';

/** The processes a tab's memory counts: its renderers (workers included) and the GPU process. */
const TAB = /--type=(renderer|gpu-process)/;
/** Every process of the browser: Chromium's own binary, whatever its type. */
const WHOLE_BROWSER = /^\S*\/(chromium|chrome|headless_shell) /;

/** A process's parent, from /proc/<pid>/stat, or null once it is gone. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may hold spaces: the fields after it are space separated.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null; // gone, or not ours to read
  }
}

/** The proportional set size of a process whose command line `counted` matches, in bytes; else 0. */
function countedPss(pid: number, counted: RegExp): number {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    if (!counted.test(command)) return 0;
    const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return pss ? Number(pss[1]) * 1024 : 0;
  } catch {
    return 0; // gone, or not ours to read
  }
}

export const canMeasureMemory = () => existsSync('/proc/self/smaps_rollup');

/**
 * The memory a tab costs: the proportional set size (shared pages split between their users, so nothing is
 * counted twice) of the renderer processes and the GPU process of every browser launched by this test process.
 * Workers run inside the renderer, so the engine's worker is included. smaps_rollup costs the kernel a walk
 * of a process's memory, so it is read only for this process's own descendants (not for the browsers of
 * the test workers beside it) and only for the processes counted.
 */
export function tabMemoryBytes(root = process.pid, counted: RegExp = TAB): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let total = 0;
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      total += countedPss(child, counted);
      visit(child);
    }
  };
  visit(root);
  return total;
}

/**
 * Samples tabMemoryBytes every `intervalMs` until stopped; returns the peak. With `wholeBrowser`, every
 * process of the browser (its main process, utilities, zygotes too), as issue 36 states its limits.
 */
export function sampleTabMemory(intervalMs = 100, wholeBrowser = false): { stop: () => number } {
  const read = () => tabMemoryBytes(process.pid, wholeBrowser ? WHOLE_BROWSER : TAB);
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/**
 * Chromium's discardable memory, every process together, in use or freed but not yet given back: where
 * the browser keeps decoded pictures and the mip chains of its 'medium' and 'high' resizes.
 */
export async function discardableBytes(browser: Browser): Promise<number> {
  return discardable(await memoryInfraDump(browser)).held;
}
