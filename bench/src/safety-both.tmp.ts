import { runSafety as runNew } from './safety';
import { runSafety as runOld } from './safety-old.tmp';
const which = process.argv[2];
(which === 'old' ? runOld : runNew)((name, figure) => console.log(which, name, JSON.stringify(figure)));
