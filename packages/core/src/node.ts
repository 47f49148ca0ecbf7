/** Node-only pieces of core: the fetch transport, timers and the environment. */
export { fetchTransport, sleep } from './node/fetch-transport';
export { fetchMediaTransport } from './node/media-transport';
export { clientOptionsFromEnv, createClient } from './node/environment';
export type { NodeClientOptions } from './node/environment';
