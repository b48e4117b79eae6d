import { mountIsland } from '../hydrate.tsx';
import { MobileMenu } from '../MobileMenu.tsx';

export default mountIsland(MobileMenu);
