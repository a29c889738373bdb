import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { discardable, memoryInfraDump } from '../../scripts/memory-infra.mjs';

/** What /proc says about one process: its parent, its command line and its proportional set size. */
interface ProcessInfo {
  pid: number;
  parent: number;
  command: string;
  pssKb: number;
}

/** The processes a tab's memory counts: its renderers (workers included) and the GPU process. */
const TAB = /--type=(renderer|gpu-process)/;
/** Every process of the browser: Chromium's own binary, whatever its type. */
const WHOLE_BROWSER = /^\S*\/(chromium|chrome|headless_shell) /;

function readProcess(pid: number, counted: RegExp): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may hold spaces: the fields after it are space separated.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    // smaps_rollup costs the kernel a walk of the process's memory: only the processes counted need it.
    if (!counted.test(command)) return { pid, parent, command, pssKb: 0 };
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
    return { pid, parent, command, pssKb: pss ? Number(pss[1]) : 0 };
  } catch {
    return null; // gone, or not ours to read
  }
}

export const canMeasureMemory = () => existsSync('/proc/self/smaps_rollup');

/**
 * The memory a tab costs: the proportional set size (shared pages split between their users, so nothing is
 * counted twice) of the renderer processes and the GPU process of every browser launched by this test process.
 * Workers run inside the renderer, so the engine's worker is included.
 */
export function tabMemoryBytes(root = process.pid, counted: RegExp = TAB): number {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name), counted))
    .filter((info): info is ProcessInfo => info !== null);
  const children = new Map<number, ProcessInfo[]>();
  for (const info of all) children.set(info.parent, [...(children.get(info.parent) ?? []), info]);
  let total = 0;
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (counted.test(child.command)) total += child.pssKb * 1024;
      visit(child.pid);
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
