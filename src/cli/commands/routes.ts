/**
 * `urikit routes`: the routes found in the paths of a log or a list, written as a templates file;
 * with `--check FILE`, a check of a templates file instead (./route-check.ts).
 */
import { EVERY } from '../options/arguments.js';
import { flag, type OptionName, text, UsageError } from '../options/option.js';
import { readTemplates, type Templates } from '../options/templates.js';
import type { Route } from '../stats/routes.js';
import type { LineCommandSpec } from './command.js';
import { checkRoutes } from './route-check.js';
import { StatsCommand, type StatsSettings, statsSettings } from './stats.js';

/** The options of every command that read the input, which --check does not (all but --quiet). */
const READING: readonly OptionName[] = EVERY.map((o) => o.name).filter((n) => n !== '--quiet');

const OPTIONS = {
  check: text(
    '--check',
    'FILE',
    'instead of finding routes in the input, check the templates file FILE (as --templates reads it): write each pair of templates that can match the same URI, with such a URI, and each template that earlier ones shadow (no URI reaches it), by line; exit code 1 when there is one. No input is read.',
    {
      example: 'routes.txt',
      excludes: READING.map((o) => ({ options: [o], message: `--check reads a templates file, not the input: ${o} does not go with it` })),
    },
  ),
  json: flag('--json', 'with --check, what it finds as one JSON object: file, templates, overlaps, shadowed, undecided', {
    needs: [{ options: ['--check'], message: '--json goes with --check (routes writes a templates file, one template a line)' }],
  }),
} as const;

/** The settings of `routes`. */
export interface RoutesSettings extends StatsSettings {
  /** With --check, the templates file to check (no input is read). */
  readonly check: Templates | null;
  readonly checkJson: boolean;
}

/** Finds the routes as `stats --infer-routes` does; writes them, one RFC 6570 template a line. */
class RoutesCommand extends StatsCommand {
  override end(): void {
    const c = this.config;
    const targets = this.stats.kinds[0]!;
    const tree = targets.routes!;
    const routes: Route[] = tree.routes();
    // In the tree's order (a literal before the variable at its position): as --templates, the
    // first template that matches a path is its route.
    for (const r of routes) this.out.push(`${r.template}\n`);
    if (!c.quiet) {
      const paths = targets.valid - targets.withoutPaths;
      const failed = tree.unrouted > 0 ? `; ${tree.unrouted} of a failed request matched none` : '';
      const forms = targets.noPathRows().map(([name, n]) => `${n} ${name.slice(1, -1)}`);
      const apart = targets.withoutPaths;
      const note = `${failed}${apart > 0 ? `; ${apart === 1 ? 'a request has' : `${apart} requests have`} no path (${forms.join(', ')})` : ''}`;
      const stop = this.interrupted ? ` (interrupted: of the ${this.lines} lines read until then)` : '';
      this.err.push(
        `urikit: ${routes.length} ${routes.length === 1 ? 'route' : 'routes'} found in ${paths} ${paths === 1 ? 'path' : 'paths'}${note}${stop}\n`,
      );
    }
  }

  override exitCode(): number {
    return 0;
  }
}

export const routesCommand: LineCommandSpec<RoutesSettings> = {
  name: 'routes',
  summary: 'the routes found in the paths, as a templates file (RFC 6570)',
  usage: `Usage: urikit routes [options] [FILE|-]
       urikit routes --check FILE [--json]`,
  about: `Finds the routes of the paths of the URIs (with --log, of the request
targets) and writes them as RFC 6570 URI Templates, one a line, in an order
where the first template that matches a path is its route: a file to edit and
give to stats --templates (or parse --templates).

A segment is a variable when it is an id (a number, a UUID, a hex hash of 8
characters or more, a date YYYY-MM-DD, a token of 16 or more letters and
digits mixed), or the id part of one (42.png, main.3f2a9c1b.js), or when its
position has more than 32 distinct values: then the values that carry 10% of
the position's requests or more stay literal (/users/me beside /users/{name});
a value first seen after its position became a variable is counted there.
With --log, a request that failed (status 400 or above) makes no route: a
scanner's probes are no routes of the site. Memory is bounded (at most 65536
positions); each path is read once. With --threads, each worker finds routes
in its part and the parts are merged: where a position has more than 32
values, the routes may differ from one thread's. Ctrl-C writes the routes
found so far.

With --check FILE, routes reads no input: it checks the templates file FILE
(one URI Template a line, as --templates reads it) and writes, by line, each
pair of templates that can match the same URI, with such a URI (matched
exactly, as --match exact reads them; a URI with a "%" is not tried), and each
template that earlier ones shadow, which a router taking the first template
that matches never chooses:
  routes.txt:2: /users/me and line 1's /users/{id} both match /users/me
  routes.txt:2: /users/me is shadowed by line 1: no URI reaches it
`,
  options: [{ title: 'A check of a templates file, instead:', rows: Object.values(OPTIONS) }],
  exit: 'Exit code 0 (with --check: 0 when no two templates can match the same URI and none is shadowed, 1 when some can or are, 2 when FILE cannot be read or holds an invalid template).',
  common: true,
  rank: 5,
  settings(a, args) {
    const file = a.get(OPTIONS.check);
    if (file !== null && a.files.length > 0)
      throw new UsageError(`--check reads the templates file it names, and no input: leave out ${a.files.map((f) => `"${f}"`).join(' ')}`);
    return {
      ...statsSettings('routes', a, args),
      check: file === null ? null : readTemplates(file, 'exact', '--check'),
      checkJson: a.get(OPTIONS.json),
    };
  },
  input: () => 'uris',
  numbered: false,
  partial: true,
  create: (config) => new RoutesCommand(config),
  once: (config) => (config.check === null ? null : checkRoutes(config.check, config.checkJson, config.quiet)),
};
