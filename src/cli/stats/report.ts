/**
 * `stats --html FILE`: the report as one HTML page, made from the same JSON `--json` writes (so
 * its numbers are those), put together from the panels of page/: summary cards; with the cube,
 * filters (time, status, route) that redraw requests over time, status classes, status codes and
 * errors by route at once, kept in the URL's fragment; routes with their charts, bytes and
 * latency; broken links, agents and bots, visitors, bytes; paths, hosts, schemes, forms, referrers
 * and what was invalid. The page needs no network: its style, SVG charts, data and one script are
 * inline, and its Content-Security-Policy lets no other script run. Everything from the input is
 * escaped, its control and bidirectional-formatting characters shown as `\u202E`: a log is
 * written by whoever sends requests.
 */
import type { TopJSON, UriStatsJSON } from './counts.js';
import { agentsPanels } from './page/agents.js';
import { brokenLinksPanel, noBrokenLinks } from './page/broken-links.js';
import { pageCube } from './page/buckets.js';
import { bytesPanel } from './page/bytes.js';
import { cards, estimate, KEY, requestCount } from './page/cards.js';
import { classPanel, codesPanel, errorsPanel, timePanel } from './page/cube-panels.js';
import type { Cube, ReportJSON } from './page/data.js';
import { cubeData, filterBar } from './page/filters.js';
import { esc, fmt, mapTable, ONE, section, topTable, WHOLE_RUN } from './page/html.js';
import { routeCostsPanel, routesPanel } from './page/routes.js';
import { SCRIPT, SCRIPT_HASH } from './page/script.js';
import { STYLE } from './page/style.js';
import { timelinePanel } from './page/timeline.js';
import { visitorsPanel } from './page/visitors.js';

/** What the page says of its run. */
export interface ReportMeta {
  /** The input, as the table's title names it. */
  title: string;
  /** --top. */
  top: number;
  /** The hosts' list: hosts, domains or suffixes (--group-by). */
  groups: string;
}

/** The page. */
export function htmlReport(json: ReportJSON, meta: ReportMeta): string {
  const log = json.targets !== undefined;
  const main = (json.targets ?? json.uris)!;
  const refs = json.referrers;
  const cube = json.cube === undefined ? undefined : pageCube(json.cube, json.timeline);
  const filters = cube !== undefined;
  const requests = requestCount(json, main);
  const body = [
    header(json, meta),
    cards(json, main, meta.groups, log),
    cube === undefined ? '' : filterBar(cube),
    cube !== undefined && cube.buckets > 0
      ? timePanel(cube)
      : json.timeline !== undefined
        ? timelinePanel(json.timeline)
        : log
          ? '<p class="note">No log line had a time in the form [17/May/2015:10:05:03 +0000].</p>'
          : '',
    statuses(json, cube),
    routesPanel(main, json.timeline, meta.top, filters),
    routeCostsPanel(main, meta.top, filters),
    traffic(json, requests, meta.top, filters),
    section(
      log ? 'Request targets' : 'URIs',
      [
        topTable('Top paths', 'path', main.paths, main.valid, estimate(main.paths, json, KEY(0, 'paths'))),
        // Origin-form targets have no host.
        (main[meta.groups] as TopJSON).distinct === 0
          ? ''
          : topTable(
              `Top ${meta.groups}`,
              ONE[meta.groups] ?? meta.groups,
              main[meta.groups] as TopJSON,
              main.valid,
              estimate(main[meta.groups] as TopJSON, json, KEY(0, meta.groups)),
            ),
        topTable('Schemes', 'scheme', main.schemes, main.valid),
        main.forms === undefined ? '' : mapTable('Request-target forms', 'form', main.forms, main.valid),
        mapTable(
          'Host types',
          'host type',
          Object.fromEntries(Object.entries(main.hostTypes).map(([k, n]) => [k === 'none' ? '(no authority)' : k, n])),
          main.valid,
        ),
      ],
      cube === undefined ? '' : WHOLE_RUN,
    ),
    // Nothing read of them (--log common, --log-field target): no section.
    refs === undefined || (refs.uris === 0 && refs.absent === 0)
      ? ''
      : section(
          'Referrers',
          [
            topTable(
              'Top referrer sites',
              ONE[meta.groups] ?? meta.groups,
              refs[meta.groups] as TopJSON,
              refs.valid,
              estimate(refs[meta.groups] as TopJSON, json, KEY(1, meta.groups)),
            ),
            topTable('Top referrer paths', 'path', refs.paths, refs.valid, estimate(refs.paths, json, KEY(1, 'paths'))),
            topTable('Referrer schemes', 'scheme', refs.schemes, refs.valid),
          ],
          cube === undefined ? '' : WHOLE_RUN,
        ),
    problems(json, main, refs),
    '<footer>Made by urikit stats. Counts are exact but where the page marks them as estimates or bounds.</footer>',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src data:">
<title>urikit stats: ${esc(meta.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
${cube === undefined ? '' : cubeData(cube)}
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function header(json: ReportJSON, meta: ReportMeta): string {
  const partial =
    json.partial === true
      ? `<p class="partial" role="status"><strong>Partial:</strong> the run was interrupted (Ctrl-C); these are the counts of the ${fmt(json.lines)} lines read until then.</p>`
      : '';
  return `<header><p class="brand">urikit stats</p><h1>${esc(meta.title)}</h1><p class="sub">Made ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC</p>${partial}</header>`;
}

/** Statuses: from the cube (filtered), else the JSON's counts (whole run). */
function statuses(json: ReportJSON, cube: Cube | undefined): string {
  if (cube !== undefined) return `${classPanel(cube)}<section class="grid2">${codesPanel()}${errorsPanel(cube)}</section>`;
  const s = json.statuses;
  if (s === undefined) return '';
  const total = Object.values(s.codes).reduce((a, b) => a + b, 0);
  return section('Statuses', [
    mapTable('Status classes', 'class', s.classes as Record<string, number>, total),
    mapTable('Status codes', 'status', s.codes, total),
  ]);
}

/** Who came and what they were sent: broken links, agents and bots, visitors, bytes. */
function traffic(json: ReportJSON, requests: number, top: number, filters: boolean): string {
  const parts = [
    json.brokenLinks === undefined
      ? ''
      : json.brokenLinks.length === 0
        ? noBrokenLinks()
        : brokenLinksPanel(json.brokenLinks, top, filters),
    ...(json.bots === undefined ? [] : agentsPanels(json.bots, requests, filters)),
    json.visitors === undefined ? '' : visitorsPanel(json.visitors, filters),
    json.bytes === undefined ? '' : bytesPanel(json.bytes, filters),
  ].filter((p) => p !== '');
  return parts.length === 0 ? '' : section('Visitors and links', parts);
}

function problems(json: ReportJSON, main: UriStatsJSON, refs: UriStatsJSON | undefined): string {
  const lines = json.lines - json.emptyLines;
  const parts = [
    Object.keys(json.lineErrors).length === 0 ? '' : mapTable('Lines without a URI', 'reason', json.lineErrors, lines),
    main.invalid === 0 ? '' : mapTable(refs === undefined ? 'Invalid URIs' : 'Invalid request targets', 'error', main.errors, main.uris),
    refs === undefined || refs.invalid === 0 ? '' : mapTable('Invalid referrers', 'error', refs.errors, refs.uris),
    Object.keys(main.warnings).length === 0 ? '' : mapTable('Kept by --lenient', 'warning', main.warnings, main.valid),
  ].filter((p) => p !== '');
  if (parts.length === 0) return section('Invalid lines', ['<p class="note">None: every line held a valid URI.</p>']);
  return section('Invalid lines', parts);
}
