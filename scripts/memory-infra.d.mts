import type { Browser } from '@playwright/test';

export interface ProcessDump {
  pid: number;
  allocators: Record<string, Record<string, number>>;
}
export function memoryInfraDump(browser: Browser): Promise<ProcessDump[]>;
export function discardable(processes: ProcessDump[]): { held: number; free: number };
