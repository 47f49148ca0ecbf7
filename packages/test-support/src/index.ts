export { until, waitFor } from './until';
export { LoggedProcess } from './process';
export type { LoggedProcessOptions } from './process';
export { anyInput } from './inputs';
export { PLAIN_INPUTS, everyStepOf, inputsOf } from './zapier';
export type { Kind } from './zapier';
export { CaseFigures } from './case-figures';
export { reportFigures } from './report';
