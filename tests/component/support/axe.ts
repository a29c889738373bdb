/**
 * axe-core run on what a component rendered (axe's own engine, in the test's Chromium): the serious and
 * critical violations, as 'rule: target' lines, so a failure names what to fix.
 */
import axe from 'axe-core';

export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
