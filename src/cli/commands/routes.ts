/** `urikit routes`: the routes found in the paths of a log or a list, written as a templates file. */
import type { Route } from '../stats/routes.js';
import type { LineCommandSpec } from './command.js';
import { StatsCommand, type StatsSettings, statsSettings } from './stats.js';

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

export const routesCommand: LineCommandSpec<StatsSettings> = {
  name: 'routes',
  summary: 'the routes found in the paths, as a templates file (RFC 6570)',
  usage: 'Usage: urikit routes [options] [FILE|-]',
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
`,
  options: [],
  common: true,
  rank: 5,
  settings: (a, args) => statsSettings('routes', a, args),
  input: () => 'uris',
  numbered: false,
  partial: true,
  create: (config) => new RoutesCommand(config),
};
