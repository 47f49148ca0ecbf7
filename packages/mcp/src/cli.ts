#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { isLoopbackHost } from '@social-data/core';

import { version } from '../package.json';
import { startHttp } from './http';
import { readOptions, USAGE } from './options';
import { createMcpServer } from './server';
import { clientFromEnv, failureLine } from './settings';

// stdout carries the protocol on stdio; everything for people goes to stderr.
const log = (line: string) => process.stderr.write(`social-data-mcp: ${line}\n`);

/** A flag or variable that cannot be read: said with the usage, and exit 2. */
class BadUsage extends Error {}

function optionsOrUsage(): ReturnType<typeof readOptions> {
  try {
    return readOptions(process.argv.slice(2), process.env);
  } catch (error) {
    throw new BadUsage(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  const options = optionsOrUsage();
  if (options.help) return void process.stdout.write(`${USAGE}\n`);
  if (options.version) return void process.stdout.write(`${version}\n`);
  const connection = clientFromEnv(process.env, options.verbose ? log : undefined, options.timeoutMs);
  if ('failure' in connection) log(`not configured, every tool call will say so: ${failureLine(connection)}`);
  const serverOptions = { budget: options.budget, tools: options.tools, log };
  if (!options.http) {
    // One server for the connection, on the revision its client opens with (2026-07-28 or 2025).
    serveStdio(() => createMcpServer(connection, serverOptions), {
      onerror: (error) => log(`stdio: ${error.message}`),
    });
    log(`ready on stdio (output budget ${options.budget} characters)`);
    return;
  }
  if (!isLoopbackHost(options.host))
    log(`warning: listening on ${options.host}; anyone who reaches it spends your API key`);
  const running = await startHttp(() => createMcpServer(connection, serverOptions), {
    host: options.host,
    port: options.port,
    log,
  });
  // Before the address is printed: whoever reads it may stop the server at once, and a signal
  // with no handler yet would kill it by the signal instead of closing it and exiting 0.
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  log(`listening at ${running.url} (output budget ${options.budget} characters)`);
}

main().catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  // The usage helps with a flag, not with a port another program holds.
  if (error instanceof BadUsage) process.stderr.write(`\n${USAGE}\n`);
  process.exit(2);
});
