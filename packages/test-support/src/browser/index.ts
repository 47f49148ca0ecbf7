export { EDITOR_WAIT_MS, openEditor } from './editor';
export type { EditorBrowser } from './editor';
export { click, pause, type } from './human';
export { choose } from './panel-input';
export { pickAction } from './node-creator';
