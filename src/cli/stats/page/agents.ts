/** The user agents' panels: the top agents of all requests, and the top crawlers (bots) by name with their share of the requests. */
import type { ReportJSON } from './data.js';
import { fmt, pct, scope, topTable } from './html.js';

export function agentsPanels(bots: NonNullable<ReportJSON['bots']>, requests: number, filters: boolean): string[] {
  const note = scope(
    filters,
    `Bots: ${fmt(bots.requests)} requests (${pct(bots.requests, requests)} of ${fmt(requests)}), known crawlers by their user agent.`,
  );
  return [
    topTable('Top user agents', 'user agent', bots.agents, requests, null, scope(filters)),
    topTable('Top bots', 'bot', bots.bots, bots.requests, null, note),
  ];
}
