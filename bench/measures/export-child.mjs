// The reference for the CLI's export: a bare loop that fetches the same pages and writes the same
// CSV (csv-stringify with the CLI's cells) to a file, with nothing else: no checks, no retries,
// no checkpoint. Arguments: base URL, account, output file.
import { closeSync, openSync, writeSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';

const [baseUrl, userName, output] = process.argv.slice(2);
const fd = openSync(output, 'w');
let cursor;
let columns;
let records = 0;
while (true) {
  const url = new URL(`${baseUrl}/social/user/${userName}/followers`);
  url.searchParams.set('count', '200');
  if (cursor) url.searchParams.set('cursor', cursor);
  const response = await fetch(url, { headers: { 'X-API-Key': process.env.SOCIAL_DATA_API_KEY } });
  const { data } = await response.json();
  const rows = data.followers;
  if (rows.length) {
    const header = columns === undefined;
    columns ??= Object.keys(rows[0]);
    const cast = { boolean: (value) => String(value), object: (value) => JSON.stringify(value) };
    writeSync(fd, stringify(rows, { header, columns, cast }));
    records += rows.length;
  }
  cursor = data.next_cursor;
  if (rows.length === 0 || !cursor || cursor === '0') break;
}
closeSync(fd);
process.stdout.write(JSON.stringify({ records }));
