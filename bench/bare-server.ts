/**
 * The bench's physical reference for catalogue reads: a bare `node:http` server that answers
 * each of a few paths with a fixed body held in memory (no framework, no routing beyond a map
 * lookup, no compression). `bench/run.ts` starts it as a child process on a free port of
 * 127.0.0.1 beside the store and loads both in turn, so the ratio of their throughputs measures
 * what the store's own work per request costs, on whatever machine the bench runs.
 *
 * Environment: `HOST`, `PORT`, and `BARE_BODIES`, a JSON object of request path (with its query
 * string) to the file holding the body. Answers 200 `application/json; charset=utf-8` with the
 * bytes, 404 for any other path; prints `listening` once it accepts connections.
 */
import fs from 'node:fs';
import http from 'node:http';

const files = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;
const bodies = new Map(Object.entries(files).map(([url, file]) => [url, fs.readFileSync(file)]));

const server = http.createServer((request, response) => {
  const body = bodies.get(request.url ?? '');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', () => process.stdout.write('listening\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
