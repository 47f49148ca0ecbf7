import { listsAndRemovalsSuite } from './lists-and-removals.suite';

listsAndRemovalsSuite(1);
