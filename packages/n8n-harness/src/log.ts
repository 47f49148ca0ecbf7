/** Where the harness reports what it does (an install, a start), a line at a time. */
export type Log = (message: string) => void;
