import { mergeFigures } from '../support/figures';

export default mergeFigures;
