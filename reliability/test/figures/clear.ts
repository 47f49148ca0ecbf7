import { clearFigures } from '../support/figures';

export default clearFigures;
