import { createServer } from 'node:http';

// The yardstick: a raw node:http JSON hello-world.
const port = Number(process.env.PORT);
const body = JSON.stringify({ data: { hello: 'world' } });
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(port, '127.0.0.1', () => console.log('ready'));
