/** WARC records for the tests of `urikit links`: CRLF-framed, with the Content-Length of their block. */
import { gzipSync } from 'node:zlib';

/** A WARC 1.1 record: its headers (Content-Length added unless given) and block, CRLF-framed. */
export function warcRecord(headers: Record<string, string>, block: string | Buffer): Buffer {
  const body = typeof block === 'string' ? Buffer.from(block) : block;
  const head = Object.entries({ 'WARC-Date': '2026-11-23T00:00:00Z', 'Content-Length': String(body.length), ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`WARC/1.1\r\n${head}\r\n`), body, Buffer.from('\r\n\r\n')]);
}

/** A response record: HTTP status line and headers, then the body. */
export function warcResponse(target: string, httpHeaders: string, body: string | Buffer, headers: Record<string, string> = {}): Buffer {
  const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${httpHeaders}\r\n`), typeof body === 'string' ? Buffer.from(body) : body]);
  return warcRecord(
    { 'WARC-Type': 'response', 'WARC-Target-URI': target, 'Content-Type': 'application/http; msgtype=response', ...headers },
    http,
  );
}

/** `body` in HTTP/1.1's chunked transfer coding, in two chunks. */
export function chunked(body: Buffer): Buffer {
  const half = body.length >> 1;
  const part = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
  return Buffer.concat([part(body.subarray(0, half)), part(body.subarray(half)), Buffer.from('0\r\n\r\n')]);
}

/** Each record a gzip member of its own, as crawlers write .warc.gz files. */
export function gzipMembers(records: readonly Buffer[]): Buffer {
  return Buffer.concat(records.map((r) => gzipSync(r)));
}
