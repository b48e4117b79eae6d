import { mountIsland } from '../hydrate.tsx';
import { BackToTop } from '../BackToTop.tsx';

export default mountIsland(BackToTop);
