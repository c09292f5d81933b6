/** The fields `urikit parse` writes: the names `--fields` takes, in the order its help lists them. */

export const FIELDS = [
  'line',
  'field',
  'href',
  'scheme',
  'authority',
  'userinfo',
  'host',
  'hostType',
  'port',
  'portNumber',
  'path',
  'query',
  'fragment',
  'warnings',
  'template',
  'variables',
  'error',
] as const;
export type Field = (typeof FIELDS)[number];

/** The field named `name`, or undefined. */
export function fieldNamed(name: string): Field | undefined {
  // FIELDS' own strings, not `name`: parse compares fields with the strings of its cases.
  return FIELDS.find((f) => f === name);
}

/**
 * The fields when `--fields` is not given: `field` with --log, `warnings` with --lenient,
 * `template` and `variables` with --templates, `error` with --tsv.
 */
export function defaultFields(log: boolean, tsv: boolean, lenient: boolean, templates: boolean): Field[] {
  const f: Field[] = ['line', 'href', 'scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment'];
  if (log) f.splice(1, 0, 'field');
  if (lenient) f.push('warnings');
  if (templates) f.push('template', 'variables');
  if (tsv) f.push('error');
  return f;
}
